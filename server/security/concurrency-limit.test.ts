import { describe, expect, it } from 'vitest';

import { createConcurrencyLimit } from './concurrency-limit';

describe('createConcurrencyLimit', () => {
  it('runs at most max at once, queues a few more in order, and refuses the rest with 429', async () => {
    const limited = createConcurrencyLimit(2, 2, 'Busy testing');
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      started.push(id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return id;
    };
    const runs = [1, 2, 3, 4].map((id) => limited(task(id)));
    await expect(limited(task(5))).rejects.toMatchObject({
      status: 429,
      detail: 'Busy testing; try again in a second.',
      headers: { 'Retry-After': '1' },
    });
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4]);
    // Once the burst is over, the limit admits again.
    expect(await limited(task(6))).toBe(6);
  });
});

describe('createConcurrencyLimit, a task that must not be refused', () => {
  it('waits its turn whatever the queue, and still counts against the limit', async () => {
    const limited = createConcurrencyLimit(1, 0, 'Busy testing');
    let release: () => void = () => undefined;
    const first = limited(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    await expect(limited(async () => 'refused')).rejects.toMatchObject({ status: 429 });
    let ran = false;
    const waiting = limited(
      async () => {
        ran = true;
        return 'waited';
      },
      { refusable: false },
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(false);
    release();
    expect(await first).toBe('first');
    expect(await waiting).toBe('waited');
  });
});
