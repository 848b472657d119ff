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

describe('createConcurrencyLimit().acquire', () => {
  it('holds a slot until it is given back, and giving it back twice frees one slot only', async () => {
    const limited = createConcurrencyLimit(1, 1, 'Busy testing');
    const release = await limited.acquire();
    let second = false;
    const waiting = limited.acquire().then((releaseSecond) => {
      second = true;
      return releaseSecond;
    });
    await expect(limited.acquire()).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(second).toBe(false);
    release();
    release();
    const releaseSecond = await waiting;
    expect(second).toBe(true);
    // The double release did not free a second slot: the one slot is the second holder's, one may wait, a third is refused.
    const third = limited.acquire();
    await expect(limited.acquire()).rejects.toMatchObject({ status: 429 });
    releaseSecond();
    (await third)();
  });
});
