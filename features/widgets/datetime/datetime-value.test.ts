import { describe, expect, it } from 'vitest';
import { toDatetimeAnswer } from './datetime-value';

describe('toDatetimeAnswer', () => {
  it('encodes each mode exactly and an incomplete input as []', () => {
    expect(toDatetimeAnswer('2026-11-22T10:30', 'datetime')).toEqual(['2026-11-22T10:30']);
    expect(toDatetimeAnswer('2026-11-22', 'date')).toEqual(['2026-11-22']);
    expect(toDatetimeAnswer('10:30', 'time')).toEqual(['10:30']);
    expect(toDatetimeAnswer('', 'date')).toEqual([]);
  });
});
