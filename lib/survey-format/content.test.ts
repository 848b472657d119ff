import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answeredQuestions,
  answersAnyQuestion,
  ANSWER_SEPARATOR,
  EMPTY_ROW,
  OTHER_VALUE,
  customFieldKey,
  isBlank,
  isEmptyAnswer,
  isPersistentKey,
  joinAnswer,
  normalizeAnswer,
  sameAnswer,
  splitAnswer,
  urlParamKey,
} from './content';
import { contentSchema } from './content-schema';

describe('constants', () => {
  it('match the wire format', () => {
    expect(ANSWER_SEPARATOR).toBe(':|:');
    expect(OTHER_VALUE).toBe('others');
    expect(EMPTY_ROW).toBe('empty_row');
  });
});

describe('sameAnswer', () => {
  it('compares items in order, and no answer only with no answer', () => {
    expect(sameAnswer(['1', '2'], ['1', '2'])).toBe(true);
    expect(sameAnswer(['1', '2'], ['2', '1'])).toBe(false);
    expect(sameAnswer(['1'], ['1', ''])).toBe(false);
    expect(sameAnswer([], [])).toBe(true);
    expect(sameAnswer(undefined, undefined)).toBe(true);
    expect(sameAnswer(undefined, [])).toBe(false);
    expect(sameAnswer([], undefined)).toBe(false);
  });
});

describe('normalizeAnswer', () => {
  it('keeps a normal answer', () => {
    expect(normalizeAnswer(['1', '3'])).toEqual(['1', '3']);
  });

  it('empties an empty list, null and undefined', () => {
    expect(normalizeAnswer([])).toEqual([]);
    expect(normalizeAnswer(null)).toEqual([]);
    expect(normalizeAnswer(undefined)).toEqual([]);
  });

  it('empties a list starting with an empty, null or blank item', () => {
    expect(normalizeAnswer([''])).toEqual([]);
    expect(normalizeAnswer([null, '1'])).toEqual([]);
    expect(normalizeAnswer([undefined])).toEqual([]);
    expect(normalizeAnswer(['   ', '1'])).toEqual([]);
    expect(normalizeAnswer(['', 'x'])).toEqual([]);
  });

  it('turns numbers into strings and drops later nulls', () => {
    expect(normalizeAnswer([7, null, '8'])).toEqual(['7', '8']);
  });

  it('keeps later empty strings (a ranked or matrix list may hold them)', () => {
    expect(normalizeAnswer(['1', ''])).toEqual(['1', '']);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constant(null), fc.integer())), (list) => {
        const once = normalizeAnswer(list);
        expect(normalizeAnswer(once)).toEqual(once);
      }),
    );
  });

  it('empties a list starting with invisible format characters only (zero-width space, BOM, joiners)', () => {
    expect(normalizeAnswer(['\u200b'])).toEqual([]);
    expect(normalizeAnswer(['\ufeff', '1'])).toEqual([]);
    expect(normalizeAnswer([' \u200c\u200d\u2060 '])).toEqual([]);
    expect(normalizeAnswer(['\u200bx'])).toEqual(['\u200bx']);
  });

  it('empties a matrix answer with no row answered', () => {
    expect(normalizeAnswer(['2:|:empty_row', '3:|:empty_row'])).toEqual([]);
    expect(normalizeAnswer(['1:|:5', '2:|:empty_row'])).toEqual(['1:|:5', '2:|:empty_row']);
    // "empty_row" typed as the text of "other" is an answer.
    expect(normalizeAnswer(['others:|:empty_row'])).toEqual(['others:|:empty_row']);
  });

  it('isEmptyAnswer follows the same rule', () => {
    expect(isEmptyAnswer([' '])).toBe(true);
    expect(isEmptyAnswer(['0'])).toBe(false);
  });
});

describe('isBlank', () => {
  it('is true for text made only of whitespace and invisible format characters', () => {
    for (const blank of ['', ' ', '\t\n', '\u00a0', '\u200b', '\ufeff', '\u200c\u200d', ' \u2060\u200e ']) {
      expect(isBlank(blank)).toBe(true);
    }
    for (const text of ['a', ' 0 ', '\u200b.', '😀']) expect(isBlank(text)).toBe(false);
  });
});

describe('keys', () => {
  it('prefixes custom fields and URL parameters', () => {
    expect(customFieldKey('dept')).toBe('custom_field:dept');
    expect(urlParamKey('utm')).toBe('url_param:utm');
    expect(isPersistentKey(customFieldKey('a'))).toBe(true);
    expect(isPersistentKey(urlParamKey('a'))).toBe(true);
    expect(isPersistentKey('101')).toBe(false);
  });
});

describe('joinAnswer / splitAnswer', () => {
  it('joins with the separator', () => {
    expect(joinAnswer(OTHER_VALUE, 'typed text')).toBe('others:|:typed text');
    expect(joinAnswer(3, 7, 'x')).toBe('3:|:7:|:x');
    expect(joinAnswer(1, EMPTY_ROW)).toBe('1:|:empty_row');
  });

  it('splits on the separator', () => {
    expect(splitAnswer('3:|:7:|:x')).toEqual(['3', '7', 'x']);
    expect(splitAnswer('1')).toEqual(['1']);
  });

  it('keeps the rest verbatim with a limit', () => {
    expect(splitAnswer('others:|:a:|:b', 2)).toEqual(['others', 'a:|:b']);
    expect(splitAnswer('1:|:2', 3)).toEqual(['1', '2']);
  });

  // The wire format joins without escaping: `[':|', '']` would read back as `['', '|:']`. Only the last part holds
  // free text (other text, a cell value); the parts before it are ids, which never end in ':|'.
  it('round-trips parts without the separator, whose leading parts do not end half-way into one', () => {
    fc.assert(
      fc.property(
        fc
          .array(
            fc.string().filter((s) => !s.includes(ANSWER_SEPARATOR)),
            { minLength: 1 },
          )
          .filter((parts) => parts.slice(0, -1).every((part) => !part.endsWith(':|'))),
        (parts) => {
          expect(splitAnswer(joinAnswer(...parts))).toEqual(parts);
        },
      ),
    );
  });

  it('round-trips other text with a limit, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(splitAnswer(joinAnswer(OTHER_VALUE, text), 2)).toEqual([OTHER_VALUE, text]);
      }),
    );
  });
});

describe('contentSchema', () => {
  it('parses content and normalizes each answer', () => {
    const content = contentSchema.parse({
      '101': ['1'],
      '102': [''],
      '103': [null],
      '104': [5],
      'custom_field:dept': ['sales'],
    });
    expect(content).toEqual({ '101': ['1'], '102': [], '103': [], '104': ['5'], 'custom_field:dept': ['sales'] });
  });

  it('reads one value as a list of it, and leaves out an answer in no shape of one', () => {
    expect(contentSchema.parse({ '101': '1', '102': 7, '103': [{}], '104': { name: 'x' }, '105': ['a'] })).toEqual({
      '101': ['1'],
      '102': ['7'],
      '105': ['a'],
    });
  });
});

describe('answeredQuestions', () => {
  it('keeps the questions answered, without custom fields, URL parameters or empty answers', () => {
    expect(
      answeredQuestions({ '1': ['a'], '2': [], '3': [''], 'url_param:src': ['mail'], 'custom_field:id': ['7'] }),
    ).toEqual({ '1': ['a'] });
    expect(answersAnyQuestion({ '2': [], 'url_param:src': ['mail'] })).toBe(false);
    expect(answersAnyQuestion({ '2': [], '1': ['a'] })).toBe(true);
  });
});
