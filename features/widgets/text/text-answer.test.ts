import { describe, expect, it } from 'vitest';
import { sumAmounts, toTextAnswer } from './text-answer';

describe('toTextAnswer', () => {
  it('keeps text verbatim and empties to []', () => {
    expect(toTextAnswer(' a b ')).toEqual([' a b ']);
    expect(toTextAnswer('')).toEqual([]);
  });
});

describe('sumAmounts', () => {
  it('adds the numbers only and hides float noise', () => {
    expect(sumAmounts(['0.1', '0.2', 'x', ''])).toBe(0.3);
    expect(sumAmounts(['2,5', ' 7 ', '-1', '.5'])).toBe(9);
  });

  it('counts no entry that validation rejects: a trailing decimal mark, an exponent, a thousands separator', () => {
    expect(sumAmounts(['40', '60.'])).toBe(40);
    expect(sumAmounts(['40', '60,'])).toBe(40);
    expect(sumAmounts(['1e3', '1,000.5', '1.2.3'])).toBe(0);
  });
});
