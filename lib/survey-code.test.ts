import { describe, expect, it } from 'vitest';
import { firstParam, isSurveyCode } from './survey-code';

describe('survey codes', () => {
  it('accepts URL-safe codes only', () => {
    expect(isSurveyCode('demo-simple')).toBe(true);
    expect(isSurveyCode('A1_b2')).toBe(true);
    expect(isSurveyCode('')).toBe(false);
    expect(isSurveyCode('../etc')).toBe(false);
    expect(isSurveyCode('a b')).toBe(false);
    expect(isSurveyCode('x'.repeat(129))).toBe(false);
    expect(isSurveyCode(42)).toBe(false);
  });
  it('takes the first of repeated parameters', () => {
    expect(firstParam(['a', 'b'])).toBe('a');
    expect(firstParam('a')).toBe('a');
    expect(firstParam(undefined)).toBeUndefined();
  });
});
