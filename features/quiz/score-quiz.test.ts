import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { widgetSchema } from '@/lib/survey-format/widget';
import { answerFormatOf, questionSubtypes } from '@/lib/survey-format/widget-kinds';
import { isCorrect, quizKey, scoreQuiz } from './score-quiz';

const items = [1, 2, 3, 4].map((id) => ({ id, value: `Item ${id}` }));
const survey = surveySchema.parse({
  survey_id: 1,
  config: { is_quiz: true },
  pages: [
    {
      id: 1,
      widgets: [
        { id: 101, subtype: 'single_radio', items, quiz: { correct_item_ids: [2] } },
        { id: 102, subtype: 'multiple_checkbox', items, quiz: { correct_item_ids: [1, 3] } },
        { id: 103, subtype: 'freetext_input', quiz: { correct_values: ['Madrid', ' 42 '] } },
        { id: 104, subtype: 'single_radio', items },
        { id: 105, subtype: 'text_block', quiz: { correct_values: ['x'] } },
        { id: 106, subtype: 'single_radio', items, hidden: true, quiz: { correct_item_ids: [1] } },
      ],
    },
    { id: 2, hidden: true, widgets: [{ id: 201, subtype: 'single_radio', items, quiz: { correct_item_ids: [1] } }] },
  ],
});

const widget = (id: number) => survey.pages.flatMap((page) => page.widgets).find((entry) => entry.id === id)!;

describe('isCorrect', () => {
  it('SINGLE: membership of the chosen item', () => {
    const w = widget(101);
    expect(isCorrect(w, ['2'], { correct_item_ids: [2] })).toBe(true);
    expect(isCorrect(w, ['1'], { correct_item_ids: [2] })).toBe(false);
    expect(isCorrect(w, ['1'], { correct_item_ids: [1, 2] })).toBe(true);
    expect(isCorrect(w, [], { correct_item_ids: [2] })).toBe(false);
    expect(isCorrect(w, ['others:|:2'], { correct_item_ids: [2] })).toBe(false);
  });
  it('MULTIPLE: exact set match', () => {
    const w = widget(102);
    const quiz = { correct_item_ids: [1, 3] };
    expect(isCorrect(w, ['3', '1'], quiz)).toBe(true);
    expect(isCorrect(w, ['1'], quiz)).toBe(false);
    expect(isCorrect(w, ['1', '3', '4'], quiz)).toBe(false);
    expect(isCorrect(w, ['1', '3', 'others:|:x'], quiz)).toBe(false);
    expect(isCorrect(w, ['1', '1', '3'], quiz)).toBe(true);
  });
  it('ranking: the items in the key order (every ranking holds every item)', () => {
    const ranking = { ...widget(102), subtype: 'other_ranking' as const };
    const quiz = { correct_item_ids: [3, 1, 4, 2] };
    expect(isCorrect(ranking, ['3', '1', '4', '2'], quiz)).toBe(true);
    expect(isCorrect(ranking, ['1', '2', '3', '4'], quiz)).toBe(false);
    expect(isCorrect(ranking, ['3', '1', '4'], quiz)).toBe(false);
  });
  it('values: trimmed, case-insensitive, numbers by value', () => {
    const w = widget(103);
    const quiz = { correct_values: ['Madrid', ' 42 '] };
    expect(isCorrect(w, ['  madrid '], quiz)).toBe(true);
    expect(isCorrect(w, ['42,0'], quiz)).toBe(true);
    // Typed in Persian or Arabic-Indic digits, as the app writes numbers in fa and ar.
    expect(isCorrect(w, ['۴۲'], quiz)).toBe(true);
    expect(isCorrect(w, ['٤٢٫٠'], quiz)).toBe(true);
    expect(isCorrect(w, ['Barcelona'], quiz)).toBe(false);
    expect(isCorrect(w, ['  '], quiz)).toBe(false);
    expect(isCorrect(widget(101), ['others:|: MADRID'], quiz)).toBe(true);
  });
});

describe('scoreQuiz', () => {
  it('counts visible quiz questions and correct answers', () => {
    expect(scoreQuiz(survey, {})).toEqual({ answers: 0, questions: 3 });
    expect(
      scoreQuiz(survey, { '101': ['2'], '102': ['1', '3'], '103': ['madrid'], '106': ['1'], '201': ['1'] }),
    ).toEqual({
      answers: 3,
      questions: 3,
    });
    expect(scoreQuiz(survey, { '101': ['1'], '102': ['1'], '103': ['Madrid'] })).toEqual({ answers: 1, questions: 3 });
  });
  it('with a logic state, follows it instead of own flags', () => {
    const state = { hiddenWidgetIds: new Set([101, 201]) };
    // 106 is shown by a rule (not in the state), 201's page is hidden.
    expect(scoreQuiz(survey, { '101': ['2'], '106': ['1'] }, state)).toEqual({ answers: 1, questions: 3 });
  });
  it('counts only the questions on the pages the respondent passed through (a jump skips a page)', () => {
    const shown = { hiddenWidgetIds: new Set<number>() };
    const content = { '101': ['2'], '201': ['1'] };
    expect(scoreQuiz(survey, content, shown)).toEqual({ answers: 2, questions: 5 });
    expect(scoreQuiz(survey, content, { ...shown, passedPageIds: [2] })).toEqual({ answers: 1, questions: 1 });
    expect(scoreQuiz(survey, content, { ...shown, passedPageIds: [1] })).toEqual({ answers: 1, questions: 4 });
  });
});

describe('matrices', () => {
  const rows = [1, 2].map((id) => ({ id, value: `Row ${id}` }));
  const cols = (...ids: number[]) => ids.map((id) => ({ id, value: `Col ${id}` }));
  const matrix = (subtype: string, more: object = {}) => widgetSchema.parse({ id: 9, subtype, items: rows, ...more });

  it('scores the audit probe: the key given in every row is right', () => {
    const probe = surveySchema.parse({
      survey_id: 2,
      config: { is_quiz: true },
      pages: [
        {
          id: 1,
          widgets: [
            { id: 1, subtype: 'freetext_multiple', items: rows, quiz: { correct_values: ['42'] } },
            {
              id: 2,
              subtype: 'other_radio_matrix',
              items: rows,
              col_options: cols(1, 2, 3),
              quiz: { correct_item_ids: [2] },
            },
            { id: 3, subtype: 'scale_stars_matrix', items: rows, quiz: { correct_values: ['5'] } },
            {
              id: 4,
              subtype: 'other_checkbox_matrix',
              items: rows,
              col_options: cols(1, 2),
              quiz: { correct_item_ids: [1, 2] },
            },
          ],
        },
      ],
    });
    const content = {
      '1': ['1:|:42', '2:|:42'],
      '2': ['1:|:2', '2:|:2'],
      '3': ['1:|:5', '2:|:5'],
      '4': ['1:|:1', '1:|:2', '2:|:1', '2:|:2'],
    };
    expect(scoreQuiz(probe, content)).toEqual({ answers: 4, questions: 4 });
  });

  it('option matrices: each row chooses a keyed column; a checkbox row ticks exactly the keyed ones', () => {
    const radio = matrix('other_radio_matrix', { col_options: cols(1, 2, 3) });
    const quiz = { correct_item_ids: [2, 3] };
    expect(isCorrect(radio, ['1:|:2', '2:|:3'], quiz)).toBe(true);
    expect(isCorrect(radio, ['1:|:2', '2:|:1'], quiz)).toBe(false);
    expect(isCorrect(radio, ['1:|:2', '2:|:empty_row'], quiz)).toBe(false);
    expect(isCorrect(radio, ['1:|:2'], quiz)).toBe(false);

    const checkbox = matrix('other_checkbox_matrix', { col_options: cols(1, 2, 3) });
    const both = { correct_item_ids: [1, 2] };
    expect(isCorrect(checkbox, ['1:|:2', '1:|:1', '2:|:1', '2:|:2'], both)).toBe(true);
    expect(isCorrect(checkbox, ['1:|:1', '1:|:2', '1:|:3', '2:|:1', '2:|:2'], both)).toBe(false);
    expect(isCorrect(checkbox, ['1:|:1', '1:|:2', '2:|:1'], both)).toBe(false);
    expect(isCorrect(checkbox, ['1:|:1', '1:|:2', '2:|:empty_row'], both)).toBe(false);
  });

  it('value matrices: every row (or cell) holds a keyed value, compared as values are', () => {
    const semantic = matrix('scale_semantic');
    expect(isCorrect(semantic, ['1:|:4', '2:|:4'], { correct_values: ['4'] })).toBe(true);
    expect(isCorrect(semantic, ['1:|:4', '2:|:5'], { correct_values: ['4'] })).toBe(false);

    const multiple = matrix('freetext_multiple');
    expect(isCorrect(multiple, ['1:|: 42,0 ', '2:|:Madrid'], { correct_values: ['42', 'madrid'] })).toBe(true);
    expect(isCorrect(multiple, ['1:|:42'], { correct_values: ['42'] })).toBe(false);

    const cells = matrix('freetext_matrix', { col_options: cols(1, 2) });
    const x = { correct_values: ['x'] };
    expect(isCorrect(cells, ['1:|:1:|:x', '1:|:2:|:X', '2:|:1:|:x', '2:|:2:|:x'], x)).toBe(true);
    expect(isCorrect(cells, ['1:|:1:|:x', '1:|:2:|:x', '2:|:1:|:x'], x)).toBe(false);

    const dropdown = matrix('other_dropdown_matrix', {
      col_options: cols(1),
      settings: {
        dropdown_items: [
          { id: 7, value: 'Yes' },
          { id: 8, value: 'No' },
        ],
      },
    });
    expect(isCorrect(dropdown, ['1:|:1:|:7', '2:|:1:|:7'], { correct_item_ids: [7] })).toBe(true);
    expect(isCorrect(dropdown, ['1:|:1:|:7', '2:|:1:|:8'], { correct_item_ids: [7] })).toBe(false);
  });

  it('reads one kind of key per matrix, and leaves a matrix keyed the other way out of the quiz', () => {
    const matrixSubtypes = questionSubtypes.filter((subtype) => answerFormatOf(subtype).startsWith('MATRIX'));
    for (const subtype of matrixSubtypes) {
      const scored = [{ correct_item_ids: [1] }, { correct_values: ['1'] }].filter(
        (quiz) => quizKey(matrix(subtype, { col_options: cols(1), quiz })) !== null,
      );
      expect(scored, subtype).toHaveLength(1);
    }
    const keyedByIds = surveySchema.parse({
      survey_id: 3,
      pages: [
        { id: 1, widgets: [{ id: 1, subtype: 'freetext_matrix', items: rows, quiz: { correct_item_ids: [1] } }] },
      ],
    });
    expect(scoreQuiz(keyedByIds, { '1': ['1:|:1:|:1', '2:|:1:|:1'] })).toEqual({ answers: 0, questions: 0 });
  });
});

describe('options hidden by logic', () => {
  const hiding = surveySchema.parse({
    survey_id: 4,
    config: { is_quiz: true },
    pages: [
      {
        id: 1,
        widgets: [
          { id: 10, subtype: 'single_radio', items },
          { id: 11, subtype: 'multiple_checkbox', items, quiz: { correct_item_ids: [1, 3] } },
          { id: 12, subtype: 'other_ranking', items: items.slice(0, 3), quiz: { correct_item_ids: [3, 1, 2] } },
          { id: 13, subtype: 'single_radio', items, quiz: { correct_item_ids: [3] } },
          {
            id: 14,
            subtype: 'other_radio_matrix',
            items: items.slice(0, 2),
            col_options: items.slice(0, 3),
            quiz: { correct_item_ids: [3] },
          },
        ],
      },
    ],
  });
  const state = (hidden: Array<[number, number[]]>) => ({
    hiddenWidgetIds: new Set<number>(),
    hiddenOptionIds: new Map(hidden.map(([id, ids]) => [id, new Set(ids)])),
  });

  it('are taken out of the key: the best answer left is right', () => {
    const content = { '10': ['1'], '11': ['1'], '12': ['1', '2'] };
    // 13 and 14 are left unanswered: they count, wrong.
    const hidden = state([
      [11, [3]],
      [12, [3]],
    ]);
    expect(scoreQuiz(hiding, content, hidden)).toEqual({ answers: 2, questions: 4 });
  });

  it('leave a question whose keyed options are all hidden out of the quiz', () => {
    expect(scoreQuiz(hiding, {}, state([[13, [3]]]))).toEqual({ answers: 0, questions: 3 });
  });

  it('in a matrix are rows, which then need no answer', () => {
    const matrixOnly = { '14': ['1:|:3'] };
    expect(scoreQuiz(hiding, matrixOnly, state([]))).toEqual({ answers: 0, questions: 4 });
    expect(scoreQuiz(hiding, matrixOnly, state([[14, [2]]]))).toEqual({ answers: 1, questions: 4 });
    expect(scoreQuiz(hiding, {}, state([[14, [1, 2]]]))).toEqual({ answers: 0, questions: 3 });
  });
});
