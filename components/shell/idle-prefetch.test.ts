import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './idle-prefetch';

describe('shouldPrefetch', () => {
  it('prefetches on a normal connection', () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '4g' } })).toBe(true);
    expect(shouldPrefetch({ onLine: true })).toBe(true);
  });
  it('skips offline, on 2g and slow-2g, and with save-data', () => {
    expect(shouldPrefetch({ onLine: false })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { saveData: true, effectiveType: '4g' } })).toBe(false);
    expect(shouldPrefetch(undefined)).toBe(false);
  });
});
