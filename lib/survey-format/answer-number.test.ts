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
    ['+1,5', 1.5],
    ['0,125', 0.125],
    ['0.500', 0.5],
    ['12.75', 12.75],
    ['1234.567', 1234.567],
    ['1,5000', 1.5],
    // The Arabic decimal separator is never a thousands separator.
    ['۱٫۵۰۰', 1.5],
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
    // A lone mark before three digits reads as a thousands separator as often as a decimal one.
    '1,000',
    '1.000',
    '+1.000',
    '-12,500',
    '999.999',
    '۱,۰۰۰',
  ])('%j is not a number', (text) => {
    expect(parseAnswerNumber(text)).toBeNull();
  });
});
