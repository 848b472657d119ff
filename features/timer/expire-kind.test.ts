import { describe, expect, it } from 'vitest';
import { customFieldKey, urlParamKey } from '@/lib/survey-format/content';
import { expireKind } from './expire-kind';

const QUESTIONS = [101, 102, 103];

describe('expireKind', () => {
  it('is expired_empty when no question was answered', () => {
    expect(expireKind({}, QUESTIONS)).toBe('expired_empty');
    expect(expireKind({ '101': [], '102': [''], '103': [] }, QUESTIONS)).toBe('expired_empty');
  });

  it('is expired_partial as soon as one question has an answer', () => {
    expect(expireKind({ '101': [], '103': ['2'] }, QUESTIONS)).toBe('expired_partial');
    expect(expireKind({ '102': ['free text'] }, ['101', '102'])).toBe('expired_partial');
  });

  it('ignores custom fields, URL parameters and answers of other questions', () => {
    const content = { [customFieldKey('dept')]: ['sales'], [urlParamKey('src')]: ['mail'], '999': ['1'] };
    expect(expireKind(content, QUESTIONS)).toBe('expired_empty');
  });

  it('treats a matrix whose rows are all blank as unanswered, and one chosen cell as answered', () => {
    expect(expireKind({ '101': ['1:|:empty_row', '2:|:empty_row'] }, QUESTIONS)).toBe('expired_empty');
    expect(expireKind({ '101': ['1:|:empty_row', '2:|:7'] }, QUESTIONS)).toBe('expired_partial');
  });

  it("counts an 'other' answer whatever its typed text", () => {
    expect(expireKind({ '101': ['others:|:empty_row'] }, QUESTIONS)).toBe('expired_partial');
  });

  it('is expired_empty for a survey without questions', () => {
    expect(expireKind({ '101': ['1'] }, [])).toBe('expired_empty');
  });
});
