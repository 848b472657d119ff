import { beforeAll, describe, expect, it } from 'vitest';
import { choiceKindOf, matrixCellPartsOf, questionSubtypes } from '@/lib/survey-format/widget-kinds';
import { validationSchema } from '@/lib/survey-format/validation';
import { validateAnswer, validateText } from './validate-answer';
import { config, widget } from './test-fixtures';
import { loadPatternEngine } from './value-checks';

// Regex checks need the lazily loaded engine.
beforeAll(() => loadPatternEngine());

const on = config();
const v = (type: string, extra: Record<string, unknown> = {}) =>
  widget('freetext_input', { validation: { type, ...extra } }, 0);

describe('required and empty answers', () => {
  it('fails a required question when empty or when the first item is blank', () => {
    const required = widget('single_radio', { required: true });
    for (const answer of [[], [''], ['  '], ['', '1']]) {
      expect(validateAnswer(required, answer, on)).toEqual({ key: 'required' });
    }
    expect(validateAnswer(required, ['1'], on)).toBeNull();
  });
  it('lets an optional empty question pass, whatever its validation', () => {
    expect(validateAnswer(v('email'), [], on)).toBeNull();
    expect(validateAnswer(widget('other_radio_matrix', { required: false }, 2), ['1:|:empty_row'], on)).toBeNull();
  });
  it('counts "others:|:" with no text as empty on a required question', () => {
    const required = widget('single_radio', { required: true, settings: { has_other: true } });
    expect(validateAnswer(required, ['others:|:'], on)).toEqual({ key: 'required' });
    expect(validateAnswer(required, ['others:|:  '], on)).toEqual({ key: 'required' });
    expect(validateAnswer(required, ['others:|:Perro'], on)).toBeNull();
    const multi = widget('multiple_checkbox', { required: true, settings: { has_other: true } });
    expect(validateAnswer(multi, ['1', 'others:|:'], on)).toEqual({ key: 'required' });
  });
  it('flags a chosen "other" with nothing typed whatever required says, and never counts it as a selection', () => {
    const optional = widget('single_radio', { settings: { has_other: true } });
    expect(validateAnswer(optional, ['others:|:  '], on)).toEqual({ key: 'required' });
    expect(validateAnswer(optional, ['others:|:\u200b'], on)).toEqual({ key: 'required' });
    expect(validateAnswer(optional, ['others:|:Perro'], on)).toBeNull();
    const atLeastTwo = widget('multiple_checkbox', { settings: { has_other: true, min_selections: 2 } });
    expect(validateAnswer(atLeastTwo, ['1', 'others:|:'], on)).toEqual({ key: 'required' });
    expect(validateAnswer(atLeastTwo, ['1', 'others:|:x'], on)).toBeNull();
  });
  it('reads a value made only of spaces and invisible format characters as blank', () => {
    const required = widget('freetext_input', { required: true }, 0);
    for (const blank of ['\u200b', '\ufeff', ' \u200c\u200d ', '\u2060\u00a0']) {
      expect(validateAnswer(required, [blank], on)).toEqual({ key: 'required' });
    }
    expect(validateAnswer(required, ['\u200bx'], on)).toBeNull();
  });
  it('ignores content blocks', () => {
    expect(validateAnswer(widget('text_block', { required: true }, 0), [], on)).toBeNull();
  });
  it('needs only presence for scales, ranking, date/time and signature', () => {
    for (const subtype of [
      'scale_stars',
      'scale_nps',
      'scale_slider',
      'scale_numeric',
      'other_ranking',
      'other_datetime',
      'other_signature',
    ]) {
      const required = widget(subtype, { required: true });
      expect(validateAnswer(required, [], on)).toEqual({ key: 'required' });
      expect(validateAnswer(required, ['3'], on)).toBeNull();
    }
  });
});

describe('free-text validation types', () => {
  it.each([
    ['text', 'Hola', 'Hola 2'],
    ['number', '42', '4.2'],
    ['decimal', '4,2', '4,2,1'],
    ['alphanumeric', 'abc123', 'abc-123'],
    ['email', 'a@b.co', 'a@b'],
    ['webpage', 'example.com', 'javascript:alert(1)'],
  ] as const)('%s: %j passes, %j fails', (type, good, bad) => {
    expect(validateAnswer(v(type), [good], on)).toBeNull();
    expect(validateAnswer(v(type), [bad], on)).toEqual({ key: type });
  });
  it('regex: must match; an invalid pattern passes', () => {
    expect(validateAnswer(v('regex', { pattern: '^[A-Z]{3}$' }), ['ABC'], on)).toBeNull();
    expect(validateAnswer(v('regex', { pattern: '^[A-Z]{3}$' }), ['abc'], on)).toEqual({ key: 'regex' });
    expect(validateAnswer(v('regex', { pattern: '(unclosed' }), ['abc'], on)).toBeNull();
    expect(validateAnswer(v('regex'), ['abc'], on)).toBeNull();
  });
  it('date: real calendar dates in the configured format, message names the format', () => {
    const w = v('date', { date_format: 'DD-MM-YYYY' });
    expect(validateAnswer(w, ['28-02-2026'], on)).toBeNull();
    expect(validateAnswer(w, ['31-02-2026'], on)).toEqual({ key: 'date', values: { format: 'DD-MM-YYYY' } });
    expect(validateAnswer(w, ['۲۸-۰۲-۲۰۲۶'], on)).toBeNull();
    expect(validateAnswer(w, ['2026-02-28'], on)).toEqual({ key: 'date', values: { format: 'DD-MM-YYYY' } });
    const any = v('date');
    expect(validateAnswer(any, ['2026/02/28'], on)).toBeNull();
    expect(validateAnswer(any, ['31/02/2026'], on)?.key).toBe('date');
  });
  it('trims before checking', () => {
    expect(validateAnswer(v('number'), ['  42 '], on)).toBeNull();
  });
});

describe('length bounds use the right bound in the message', () => {
  it('between', () => {
    const w = v('text', { min_length: 3, max_length: 5 });
    expect(validateAnswer(w, ['ab'], on)).toEqual({ key: 'length_between', values: { min: 3, max: 5 } });
    expect(validateAnswer(w, ['abcdef'], on)).toEqual({ key: 'length_between', values: { min: 3, max: 5 } });
    expect(validateAnswer(w, ['abc'], on)).toBeNull();
    expect(validateAnswer(w, ['abcde'], on)).toBeNull();
  });
  it('min only and max only', () => {
    expect(validateAnswer(v('text', { min_length: 3 }), ['ab'], on)).toEqual({ key: 'min_length', values: { min: 3 } });
    expect(validateAnswer(v('text', { max_length: 2 }), ['abc'], on)).toEqual({
      key: 'max_length',
      values: { max: 2 },
    });
  });
  it('drops a pair of bounds the answer cannot meet (min above max), keeping the type check', () => {
    const w = v('text', { min_length: 10, max_length: 5 });
    expect(validateAnswer(w, ['abc'], on)).toBeNull();
    expect(validateAnswer(w, ['abcdefghijkl'], on)).toBeNull();
    expect(validateAnswer(w, ['abc1'], on)).toEqual({ key: 'text' });
  });
  it('counts code points, so an emoji is one character', () => {
    const w = v('regex', { max_length: 2 });
    expect(validateAnswer(w, ['😀😀'], on)).toBeNull();
    expect(validateAnswer(w, ['😀😀😀'], on)).toEqual({ key: 'max_length', values: { max: 2 } });
  });
});

describe('numeric bounds', () => {
  it('between includes both bounds; a bound alone is strict, as its message says', () => {
    const between = v('number', { min_value: 1, max_value: 10 });
    expect(validateAnswer(between, ['1'], on)).toBeNull();
    expect(validateAnswer(between, ['10'], on)).toBeNull();
    expect(validateAnswer(between, ['0'], on)).toEqual({ key: 'number_between', values: { min: 1, max: 10 } });
    expect(validateAnswer(between, ['11'], on)).toEqual({ key: 'number_between', values: { min: 1, max: 10 } });
    expect(validateAnswer(v('decimal', { min_value: 0.5 }), ['0,4'], on)).toEqual({
      key: 'min_value',
      values: { min: 0.5 },
    });
    expect(validateAnswer(v('decimal', { max_value: 2.5 }), ['2,6'], on)).toEqual({
      key: 'max_value',
      values: { max: 2.5 },
    });
    expect(validateAnswer(v('decimal', { max_value: 2.5 }), ['2,4'], on)).toBeNull();
    expect(validateAnswer(v('decimal', { max_value: 2.5 }), ['2,5'], on)).toEqual({
      key: 'max_value',
      values: { max: 2.5 },
    });
    expect(validateAnswer(v('number', { min_value: 5 }), ['5'], on)).toEqual({ key: 'min_value', values: { min: 5 } });
    expect(validateAnswer(v('number', { min_value: 5 }), ['6'], on)).toBeNull();
  });
  it('reads numbers typed in Persian or Arabic-Indic digits, as fa and ar write them', () => {
    const age = validationSchema.parse({ type: 'number', min_value: 16, max_value: 99 });
    expect(validateText('۲۵', age)).toBeNull();
    expect(validateText('٢٥', age)).toBeNull();
    expect(validateText('۱۰۰', age)).toEqual({ key: 'number_between', values: { min: 16, max: 99 } });
    expect(validateAnswer(v('decimal', { max_value: 7.5 }), ['۷٫۵'], on)).toEqual({
      key: 'max_value',
      values: { max: 7.5 },
    });
    expect(validateAnswer(v('decimal', { max_value: 7.5 }), ['۷٫۴'], on)).toBeNull();
  });
  it('drops a pair of bounds the answer cannot meet (min above max), keeping the type check', () => {
    const w = v('number', { min_value: 10, max_value: 5 });
    expect(validateAnswer(w, ['7'], on)).toBeNull();
    expect(validateAnswer(w, ['100'], on)).toBeNull();
    expect(validateAnswer(w, ['7.5'], on)).toEqual({ key: 'number' });
    expect(validateAnswer(v('decimal', { min_value: 5, max_value: 5 }), ['6'], on)).toEqual({
      key: 'number_between',
      values: { min: 5, max: 5 },
    });
  });
  it('refuses a thousands separator, which would read as a decimal mark', () => {
    const upTo100 = v('decimal', { max_value: 100 });
    for (const typed of ['1,000', '1.000', '-12,500'])
      expect(validateAnswer(upTo100, [typed], on)).toEqual({ key: 'decimal' });
    expect(validateAnswer(upTo100, ['0,125'], on)).toBeNull();
    expect(validateAnswer(upTo100, ['12.75'], on)).toBeNull();
    expect(validateAnswer(upTo100, ['+1,5'], on)).toBeNull();
  });
  it('reports the type before the range', () => {
    expect(validateAnswer(v('number', { min_value: 1 }), ['abc'], on)).toEqual({ key: 'number' });
  });
});

describe('restricted values', () => {
  it('match trimmed and case-insensitively', () => {
    const w = v('text', { restricted_values: ['N/A', ' ninguno '] });
    expect(validateAnswer(w, ['n/a'], on)).toEqual({ key: 'restricted_values' });
    expect(validateAnswer(w, ['  NINGUNO'], on)).toEqual({ key: 'restricted_values' });
    expect(validateAnswer(w, ['ninguna'], on)).toBeNull();
  });
  it('number and decimal types compare the numbers, however they are written', () => {
    for (const typed of ['05', '+5', '۵']) {
      expect(validateAnswer(v('number', { restricted_values: ['5'] }), [typed], on)).toEqual({
        key: 'restricted_values',
      });
    }
    for (const typed of ['5.0', '5,00', '05']) {
      expect(validateAnswer(v('decimal', { restricted_values: ['5'] }), [typed], on)).toEqual({
        key: 'restricted_values',
      });
    }
    expect(validateAnswer(v('decimal', { restricted_values: ['5', 'n/a'] }), ['5.1'], on)).toBeNull();
    // Text types keep comparing text: "05" is not "5" there.
    expect(validateAnswer(v('alphanumeric', { restricted_values: ['5'] }), ['05'], on)).toBeNull();
  });
  it('match in any digits: a restricted 0 is refused typed as ۰', () => {
    expect(validateAnswer(v('number', { restricted_values: ['0'] }), ['۰'], on)).toEqual({ key: 'restricted_values' });
  });
});

describe('selections', () => {
  const multi = (settings: Record<string, unknown>) => widget('multiple_checkbox', { settings }, 5);
  const multiWidget = (subtype: string) => widget(subtype, { settings: { min_selections: 3 } }, 5);
  it('min and max selections', () => {
    expect(validateAnswer(multi({ min_selections: 2 }), ['1'], on)).toEqual({
      key: 'min_selections',
      values: { min: 2 },
    });
    expect(validateAnswer(multi({ min_selections: 2 }), ['1', 'others:|:x'], on)).toBeNull();
    expect(validateAnswer(multi({ max_selections: 2 }), ['1', '2', '3'], on)).toEqual({
      key: 'max_selections',
      values: { max: 2 },
    });
    expect(validateAnswer(multi({ max_selections: 2 }), ['1', '2'], on)).toBeNull();
    expect(validateAnswer(multi({ max_selections: 1 }), ['1', '2'], on)).toEqual({ key: 'single_selection' });
  });
  it('min_selections above the options the respondent can choose asks for all of them', () => {
    const twoOptions = widget('multiple_checkbox', { settings: { min_selections: 3 } }, 2);
    expect(validateAnswer(twoOptions, ['1', '2'], on)).toBeNull();
    expect(validateAnswer(twoOptions, ['1'], on)).toEqual({ key: 'min_selections', values: { min: 2 } });
    const withOther = widget('multiple_checkbox', { settings: { min_selections: 4, has_other: true } }, 2);
    expect(validateAnswer(withOther, ['1', '2'], on)).toEqual({ key: 'min_selections', values: { min: 3 } });
    expect(validateAnswer(withOther, ['1', '2', 'others:|:x'], on)).toBeNull();
    // A maximum stops the respondent below the minimum: the maximum is all they can reach.
    expect(validateAnswer(multi({ min_selections: 3, max_selections: 2 }), ['1', '2'], on)).toBeNull();
  });
  it('a single choice with several items fails', () => {
    expect(validateAnswer(widget('single_select'), ['1', '2'], on)).toEqual({ key: 'single_selection' });
  });
  it('every choice subtype of widget-kinds applies the choice rules', () => {
    for (const subtype of questionSubtypes) {
      const kind = choiceKindOf(subtype);
      if (kind === 'single') {
        expect(validateAnswer(widget(subtype), ['1', '2'], on)).toEqual({ key: 'single_selection' });
      } else if (kind === 'multiple') {
        expect(validateAnswer(multiWidget(subtype), ['1', 'others:|:x', 'others:|:y'], on)).toEqual({
          key: 'min_selections',
          values: { min: 3 },
        });
      }
    }
  });
  it('flag off: the rule still blocks, with the generic message', () => {
    const off = config({ single_selection: false });
    expect(validateAnswer(multi({ min_selections: 2 }), ['1'], off)).toEqual({ key: 'required' });
    expect(validateAnswer(multi({ max_selections: 1 }), ['1', '2'], off)).toEqual({ key: 'required' });
    expect(validateAnswer(multi({ min_selections: 2 }), ['1', '2'], off)).toBeNull();
  });
});

describe('matrices', () => {
  const radio = (extra: Record<string, unknown> = {}) =>
    widget('other_radio_matrix', { col_options: [{ id: 10 }, { id: 20 }], ...extra }, 3);

  it('required: every row answered; empty_row counts as unanswered', () => {
    const w = radio({ required: true });
    expect(validateAnswer(w, ['1:|:10', '2:|:20', '3:|:10'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10', '2:|:empty_row', '3:|:10'], on)).toEqual({ key: 'all_rows' });
    expect(validateAnswer(w, ['1:|:10', '3:|:10'], on)).toEqual({ key: 'all_rows' });
    expect(validateAnswer(w, ['1:|:empty_row', '2:|:empty_row', '3:|:empty_row'], on)).toEqual({ key: 'required' });
    expect(validateAnswer(w, ['1:|:10', '2:|:empty_row', '3:|:10'], config({ all_rows_required: false }))).toEqual({
      key: 'required',
    });
  });
  it('optional: a partly answered matrix passes', () => {
    expect(validateAnswer(radio(), ['1:|:10'], on)).toBeNull();
  });
  it('matrix_rows: min_selections counts answered rows', () => {
    const w = radio({ settings: { min_selections: 2 } });
    expect(validateAnswer(w, ['1:|:10'], on)).toEqual({ key: 'matrix_rows', values: { min: 2 } });
    expect(validateAnswer(w, ['1:|:10', '3:|:20'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10'], config({ matrix_rows: false }))).toEqual({ key: 'required' });
  });
  it('matrix_rows: min_selections above the rows asks for every row', () => {
    const w = radio({ settings: { min_selections: 5 } });
    expect(validateAnswer(w, ['1:|:10', '2:|:20', '3:|:10'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10', '2:|:20'], on)).toEqual({ key: 'matrix_rows', values: { min: 3 } });
  });
  it('checkbox matrix: options per answered row', () => {
    const w = widget(
      'other_checkbox_matrix',
      { col_options: [{ id: 10 }, { id: 20 }, { id: 30 }], settings: { min_selections: 2, max_selections: 2 } },
      2,
    );
    expect(validateAnswer(w, ['1:|:10', '1:|:20'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10', '1:|:20', '2:|:10'], on)).toEqual({
      key: 'matrix_options_min',
      values: { min: 2 },
    });
    expect(validateAnswer(w, ['1:|:10', '1:|:20', '1:|:30'], on)).toEqual({
      key: 'matrix_options_max',
      values: { max: 2 },
    });
    expect(validateAnswer(w, ['1:|:10'], config({ matrix_options: false }))).toEqual({ key: 'required' });
  });
  it('checkbox matrix: min_selections above the columns, or the maximum, asks for no more than those', () => {
    const cols = { col_options: [{ id: 10 }, { id: 20 }] };
    const w = widget('other_checkbox_matrix', { ...cols, settings: { min_selections: 3 } }, 1);
    expect(validateAnswer(w, ['1:|:10', '1:|:20'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10'], on)).toEqual({ key: 'matrix_options_min', values: { min: 2 } });
    const capped = widget('other_checkbox_matrix', { ...cols, settings: { min_selections: 2, max_selections: 1 } }, 1);
    expect(validateAnswer(capped, ['1:|:10'], on)).toBeNull();
  });
  it('value matrices: dropdown, stars and semantic rows', () => {
    const dropdown = widget('other_dropdown_matrix', { required: true, col_options: [{ id: 10 }, { id: 20 }] }, 2);
    expect(validateAnswer(dropdown, ['1:|:10:|:7', '2:|:20:|:8'], on)).toBeNull();
    expect(validateAnswer(dropdown, ['1:|:10:|:7', '2:|:20:|:'], on)).toEqual({ key: 'all_rows' });
    const stars = widget('scale_stars_matrix', { required: true }, 2);
    expect(validateAnswer(stars, ['1:|:4', '2:|:5'], on)).toBeNull();
    expect(validateAnswer(stars, ['1:|:4'], on)).toEqual({ key: 'all_rows' });
    const semantic = widget('scale_semantic', { required: true }, 2);
    expect(validateAnswer(semantic, ['1:|:3', '2:|:empty_row'], on)).toEqual({ key: 'all_rows' });
  });
  it('free-text matrix: validation applies to each cell', () => {
    const w = widget('freetext_matrix', { col_options: [{ id: 10 }], validation: { type: 'number', max_value: 5 } }, 2);
    expect(validateAnswer(w, ['1:|:10:|:3', '2:|:10:|:4'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:10:|:3', '2:|:10:|:x'], on)).toEqual({ key: 'number', cells: ['2:10'] });
    expect(validateAnswer(w, ['1:|:10:|:6'], on)).toEqual({ key: 'max_value', values: { max: 5 }, cells: ['1:10'] });
    // Every wrong cell is named, so that the widget marks those alone; the message is the first one's.
    expect(validateAnswer(w, ['1:|:10:|:x', '2:|:10:|:3', '2:|:11:|:9'], on)).toEqual({
      key: 'number',
      cells: ['1:10', '2:11'],
    });
  });
  it('every matrix subtype of widget-kinds applies the row rules', () => {
    const matrices = questionSubtypes.filter(
      (subtype) => matrixCellPartsOf(subtype) !== null && subtype !== 'freetext_multiple',
    );
    expect(matrices).toHaveLength(6);
    for (const subtype of matrices) {
      const w = widget(subtype, { required: true, col_options: [{ id: 10 }] }, 2);
      const cell = (row: number) => (matrixCellPartsOf(subtype) === 3 ? `${row}:|:10:|:7` : `${row}:|:10`);
      expect(validateAnswer(w, [cell(1), cell(2)], on)).toBeNull();
      expect(validateAnswer(w, [cell(1)], on)).toEqual({ key: 'all_rows' });
      expect(validateAnswer(w, [cell(1), '2:|:empty_row'], on)).toEqual({ key: 'all_rows' });
    }
  });
  it('reads a blank cell value as unanswered and tolerates malformed entries', () => {
    const stars = widget('scale_stars_matrix', { required: true }, 2);
    expect(validateAnswer(stars, ['1:|:4', '2:|:  '], on)).toEqual({ key: 'all_rows' });
    expect(validateAnswer(stars, ['1:|:4', 'x:|:5', '2'], on)).toEqual({ key: 'all_rows' });
    const dropdown = widget('other_dropdown_matrix', { required: true, col_options: [{ id: 10 }] }, 1);
    expect(validateAnswer(dropdown, ['1:|:10:|: '], on)).toEqual({ key: 'required' });
  });
  it('ignores cells of rows the question does not have', () => {
    expect(validateAnswer(radio({ required: true }), ['1:|:10', '2:|:10', '9:|:10'], on)).toEqual({ key: 'all_rows' });
  });
});

describe('freetext_multiple: fill and summation', () => {
  it('sum_total: filled values must add up to the total', () => {
    const w = widget('freetext_multiple', { settings: { sum_total: 100 } }, 3);
    expect(validateAnswer(w, ['1:|:50', '2:|:30', '3:|:20'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:50', '2:|:', '3:|:50'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:50', '2:|:30'], on)).toEqual({ key: 'sum_total', values: { total: 100 } });
    expect(validateAnswer(w, ['1:|:50', '2:|:abc'], on)).toEqual({ key: 'number', cells: ['2'] });
    const decimals = widget('freetext_multiple', { settings: { sum_total: 0.3 } }, 2);
    expect(validateAnswer(decimals, ['1:|:0.1', '2:|:0,2'], on)).toBeNull();
  });
  it('sum_total: values in Persian or Arabic-Indic digits count', () => {
    const w = widget('freetext_multiple', { settings: { sum_total: 100 } }, 3);
    expect(validateAnswer(w, ['1:|:۵۰', '2:|:٣٠', '3:|:۲۰'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:۵۰', '2:|:۴۹٫۵', '3:|:0.5'], on)).toBeNull();
  });
  it('sum_total: an entry the running total does not count fails as not a number, never as reaching the total', () => {
    const w = widget('freetext_multiple', { settings: { sum_total: 100 } }, 2);
    expect(validateAnswer(w, ['1:|:40', '2:|:60.'], on)).toEqual({ key: 'number', cells: ['2'] });
    expect(validateAnswer(w, ['1:|:40', '2:|:60.0'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:40', '2:|: 60 '], on)).toBeNull();
  });
  it('fill requirement: min_selections filled fields', () => {
    const w = widget('freetext_multiple', { settings: { min_selections: 2 } }, 3);
    expect(validateAnswer(w, ['1:|:a', '2:|: '], on)).toEqual({ key: 'fill_requirement', values: { min: 2 } });
    expect(validateAnswer(w, ['1:|:a', '3:|:b'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:a'], config({ fill_requirement: false }))).toEqual({ key: 'required' });
  });
  it('fill requirement: min_selections above the fields asks for every field', () => {
    const w = widget('freetext_multiple', { settings: { min_selections: 4 } }, 2);
    expect(validateAnswer(w, ['1:|:a', '2:|:b'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:a'], on)).toEqual({ key: 'fill_requirement', values: { min: 2 } });
  });
  it('fill requirement: at most max_selections filled fields, said of fields, not options', () => {
    const w = widget('freetext_multiple', { settings: { max_selections: 1 } }, 3);
    expect(validateAnswer(w, ['1:|:a', '2:|:b'], on)).toEqual({ key: 'fill_max', values: { max: 1 } });
    expect(validateAnswer(w, ['1:|:a', '2:|: '], on)).toBeNull();
  });
  it('required needs one filled field; validation applies per field', () => {
    const w = widget('freetext_multiple', { required: true, validation: { type: 'email' } }, 2);
    expect(validateAnswer(w, ['1:|:', '2:|:'], on)).toEqual({ key: 'required' });
    expect(validateAnswer(w, ['1:|:a@b.co'], on)).toBeNull();
    expect(validateAnswer(w, ['1:|:nope'], on)).toEqual({ key: 'email', cells: ['1'] });
  });
  it('names the fields an issue of their own values is about, so that only they are marked', () => {
    const emails = widget('freetext_multiple', { validation: { type: 'email' } }, 3);
    expect(validateAnswer(emails, ['1:|:a@b.co', '2:|:nope', '3:|:nor this'], on)).toEqual({
      key: 'email',
      cells: ['2', '3'],
    });
    // A total missed is every field's business: no field is named.
    const summation = widget('freetext_multiple', { settings: { sum_total: 100 } }, 3);
    expect(validateAnswer(summation, ['1:|:x', '2:|:30', '3:|:y'], on)).toEqual({ key: 'number', cells: ['1', '3'] });
    expect(validateAnswer(summation, ['1:|:50', '2:|:30'], on)).toEqual({ key: 'sum_total', values: { total: 100 } });
  });
});

describe('file upload', () => {
  it('file_count against max_files', () => {
    const w = widget('other_file_upload', { settings: { max_files: 2 } }, 0);
    expect(validateAnswer(w, ['u1', 'u2'], on)).toBeNull();
    expect(validateAnswer(w, ['u1', 'u2', 'u3'], on)).toEqual({ key: 'file_count', values: { count: 2 } });
  });
  it('without max_files, the limit the widget applies: one file', () => {
    const w = widget('other_file_upload', {}, 0);
    expect(validateAnswer(w, ['u1'], on)).toBeNull();
    expect(validateAnswer(w, ['u1', 'u2'], on)).toEqual({ key: 'file_count', values: { count: 1 } });
  });
});
