import { describe, expect, it } from 'vitest';
import { parseAnswerNumber } from './answer-number';

describe('parseAnswerNumber', () => {
  it.each([
    ['42', 42],
    ['007', 7],
    ['+3', 3],
    ['-3', -3],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['-1,25', -1.25],
    ['.5', 0.5],
    [',5', 0.5],
    [' 7 ', 7],
    ['۷٫۵', 7.5],
    ['٢٥', 25],
  ])('%j → %d', (text, expected) => {
    expect(parseAnswerNumber(text)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    '60.',
    '60,',
    '.',
    'abc',
    '12a',
    '7 apples',
    '1,2,3',
    '1.2.3',
    '1,000.5',
    '1 000',
    '1e3',
    '۱٬۲۳۴',
    'Infinity',
    '0x10',
    '--1',
  ])('%j is not a number', (text) => {
    expect(parseAnswerNumber(text)).toBeNull();
  });
});
