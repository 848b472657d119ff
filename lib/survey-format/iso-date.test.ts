import { describe, expect, it } from 'vitest';

import { formatIsoWithOffset } from './iso-date';

describe('formatIsoWithOffset', () => {
  it('writes local time with its offset, denoting the same instant', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 9, 30, 0, 5));
    const text = formatIsoWithOffset(date);
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(new Date(text).getTime()).toBe(date.getTime());
  });
});
