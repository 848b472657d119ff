import { describe, expect, it, vi } from 'vitest';
import { createRecentReads } from './recent-reads';

function setup(ttlMs = 1_000, maxEntries = 3) {
  let clock = 0;
  const reads = createRecentReads<{ ok: boolean; n: number }>({ ttlMs, maxEntries, now: () => clock });
  let count = 0;
  const read = vi.fn(async () => ({ ok: true, n: ++count }));
  return { reads, read, keep: (answer: { ok: boolean }) => answer.ok, tick: (ms: number) => (clock += ms) };
}

describe('createRecentReads', () => {
  it('shares one read among the callers of its moment, including those that came while it was under way', async () => {
    const { reads, read, keep, tick } = setup();
    const first = reads.get('a', read, keep);
    const second = reads.get('a', read, keep);
    expect(await first).toBe(await second);
    tick(999);
    expect((await reads.get('a', read, keep)).n).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again once the moment has passed', async () => {
    const { reads, read, keep, tick } = setup();
    await reads.get('a', read, keep);
    tick(1_000);
    expect((await reads.get('a', read, keep)).n).toBe(2);
  });

  it('keeps keys apart', async () => {
    const { reads, read, keep } = setup();
    await reads.get('a', read, keep);
    expect((await reads.get('b', read, keep)).n).toBe(2);
  });

  it('never shares a failure or an answer it should not keep', async () => {
    const { reads, keep } = setup();
    const refused = vi.fn(async () => ({ ok: false, n: 0 }));
    await reads.get('a', refused, keep);
    await reads.get('a', refused, keep);
    expect(refused).toHaveBeenCalledTimes(2);
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    await expect(reads.get('b', failing, keep)).rejects.toThrow('down');
    await expect(reads.get('b', failing, keep)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('remembers at most maxEntries keys, forgetting the oldest', async () => {
    const { reads, read, keep } = setup(1_000, 2);
    await reads.get('a', read, keep);
    await reads.get('b', read, keep);
    await reads.get('c', read, keep);
    expect((await reads.get('b', read, keep)).n).toBe(2);
    expect((await reads.get('a', read, keep)).n).toBe(4);
  });
});
