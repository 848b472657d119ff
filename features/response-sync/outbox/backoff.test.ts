import { describe, expect, it } from 'vitest';

import { backoffDelay, defaultBackoff, retryDelay } from './backoff';

describe('backoff', () => {
  it('doubles from the base up to the cap, with up to half of it random', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, defaultBackoff, high))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(1, defaultBackoff, low)).toBe(250);
    expect(backoffDelay(20, defaultBackoff, high)).toBe(30_000);
    expect(backoffDelay(20, defaultBackoff, low)).toBe(15_000);
  });

  it('prefers Retry-After, cut to the maximum', () => {
    expect(retryDelay(5, 1234, defaultBackoff, () => 1)).toBe(1234);
    expect(retryDelay(1, 24 * 3600_000, defaultBackoff, () => 1)).toBe(defaultBackoff.maxRetryAfterMs);
    expect(retryDelay(1, null, defaultBackoff, () => 1)).toBe(500);
  });
});
