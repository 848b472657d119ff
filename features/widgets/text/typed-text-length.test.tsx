// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { TYPED_TEXT_LENGTH, VALUE_LENGTH } from '@/lib/survey-format/answer-limits';
import type { QuestionSubtype } from '@/lib/survey-format/widget-kinds';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import SingleChoice from '../choice/single-choice';
import type { WidgetProps } from '../types';
import FreetextComment from './freetext-comment';
import FreetextInput from './freetext-input';
import FreetextMatrix from './freetext-matrix';
import FreetextMultiple from './freetext-multiple';

// Ids as long as a backend's may be, so the ids around the typed text take all the room they can.
const ROW = 9_007_199_254_740_991;
const COL = 9_007_199_254_740_990;

const cases: Array<
  [
    QuestionSubtype,
    ComponentType<WidgetProps>,
    keyof typeof TYPED_TEXT_LENGTH,
    Record<string, unknown>,
    WidgetProps['value'],
  ]
> = [
  ['freetext_input', FreetextInput, 'line', {}, []],
  ['freetext_comment', FreetextComment, 'comment', {}, []],
  ['freetext_multiple', FreetextMultiple, 'line', { items: [{ id: ROW, value: 'Row' }] }, []],
  [
    'freetext_matrix',
    FreetextMatrix,
    'line',
    { items: [{ id: ROW, value: 'Row' }], col_options: [{ id: COL, value: 'Column' }] },
    [],
  ],
  ['single_radio', SingleChoice, 'other', { settings: { has_other: true } }, ['others:|:']],
];

describe('typed text stops where the server takes it', () => {
  it.each(cases)(
    '%s: the field holds at most its length, and its answer then fits a stored value',
    (subtype, Widget, length, fields, value) => {
      const { lastValue } = renderWidget(Widget, makeWidget({ subtype, ...fields }), { value });
      const field = screen.getByRole('textbox');
      expect(field).toHaveAttribute('maxLength', String(TYPED_TEXT_LENGTH[length]));
      fireEvent.change(field, { target: { value: 'é'.repeat(TYPED_TEXT_LENGTH[length]) } });
      const answer = lastValue() ?? [];
      expect(answer).toHaveLength(1);
      expect(answer[0]?.length).toBeLessThanOrEqual(VALUE_LENGTH[subtype]);
    },
  );
});
