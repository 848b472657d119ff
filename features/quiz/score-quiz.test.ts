import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { isCorrect, scoreQuiz } from './score-quiz';

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
