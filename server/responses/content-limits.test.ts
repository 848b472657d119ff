import { describe, expect, it } from 'vitest';
import { VALUE_LENGTH } from '@/lib/survey-format/answer-limits';
import type { Survey } from '@/lib/survey-format/survey';
import { widgetSchema, type Widget } from '@/lib/survey-format/widget';
import { checkContentLimits } from './content-limits';

const rows = [
  { id: 1, value: 'Row 1' },
  { id: 2, value: 'Row 2' },
];
const columns = [
  { id: 5, value: 'Yes' },
  { id: 6, value: 'No' },
];
const widget = (id: number, subtype: string, extra: Record<string, unknown> = {}): Widget =>
  widgetSchema.parse({ id, subtype, title: 'Q', items: rows, col_options: columns, ...extra });

const survey = {
  pages: [
    {
      widgets: [
        widget(1, 'single_radio'),
        widget(2, 'multiple_checkbox'),
        widget(3, 'other_checkbox_matrix'),
        widget(4, 'other_file_upload', { settings: { max_files: 3 } }),
        widget(5, 'freetext_input'),
      ],
    },
  ],
} as unknown as Survey;

const entries = (count: number, value = 'x') => Array.from({ length: count }, () => value);
const fits = (key: string, answer: string[]) => () => checkContentLimits(survey, { [key]: answer });

describe('checkContentLimits: what one answer may hold, by its subtype', () => {
  it('one value for a single choice, one per item and "other" for several', () => {
    expect(fits('1', entries(1))).not.toThrow();
    expect(fits('1', entries(2))).toThrow(/single_radio/);
    expect(fits('2', entries(3))).not.toThrow();
    expect(fits('2', entries(4))).toThrow(/multiple_checkbox/);
  });

  it('one per matrix cell, one per file the question allows', () => {
    expect(fits('3', entries(2 * 3))).not.toThrow();
    expect(fits('3', entries(2 * 3 + 1))).toThrow(/other_checkbox_matrix/);
    expect(fits('4', entries(3))).not.toThrow();
    expect(fits('4', entries(4))).toThrow(/other_file_upload/);
  });

  it('each value no longer than its kind needs', () => {
    expect(fits('5', ['x'.repeat(VALUE_LENGTH.freetext_input)])).not.toThrow();
    expect(fits('5', ['x'.repeat(VALUE_LENGTH.freetext_input + 1)])).toThrow(/freetext_input/);
  });
});
