import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    const load = vi.fn(async () => 'module');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['module', 'module']);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
