import { describe, expect, it } from 'vitest';
import { firstParam, isSurveyCode, responseCodeParam } from './survey-code';

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
  it('reads a response code minted by another backend, base64 included', () => {
    expect(responseCodeParam('k7Qx-9_Z')).toBe('k7Qx-9_Z');
    expect(responseCodeParam('ab/c+d==')).toBe('ab/c+d==');
    // A link that left the `+` unencoded: the query parser made it a space.
    expect(responseCodeParam('ab c d==')).toBe('ab+c+d==');
    expect(responseCodeParam(undefined)).toBeNull();
    expect(responseCodeParam('')).toBeNull();
    expect(responseCodeParam('a\tb')).toBeNull();
    expect(responseCodeParam('é')).toBeNull();
    expect(responseCodeParam('x'.repeat(257))).toBeNull();
  });
  it('takes the first of repeated parameters', () => {
    expect(firstParam(['a', 'b'])).toBe('a');
    expect(firstParam('a')).toBe('a');
    expect(firstParam(undefined)).toBeUndefined();
  });
});
