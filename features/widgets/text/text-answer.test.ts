import { describe, expect, it } from 'vitest';
import { parseAmount, sumAmounts, toTextAnswer } from './text-answer';

describe('toTextAnswer', () => {
  it('keeps text verbatim and empties to []', () => {
    expect(toTextAnswer(' a b ')).toEqual([' a b ']);
    expect(toTextAnswer('')).toEqual([]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['42', 42],
    ['-3', -3],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['.5', 0.5],
    [' 7 ', 7],
  ])('%j → %d', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '1,2,3', '1.2.3', '1e3', '12a'])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('sumAmounts', () => {
  it('adds the numbers only and hides float noise', () => {
    expect(sumAmounts(['0.1', '0.2', 'x', ''])).toBe(0.3);
  });
});
