import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node module of the bench (scripts/bench/bench.mjs), without type declarations.
import { staticHtml, surveyOf as untypedSurveyOf } from './bench-surveys.mjs';
// @ts-expect-error -- a plain Node module of the bench (scripts/bench/bench.mjs), without type declarations.
import { surveyJsHtml, surveyJsJson } from './surveyjs-page.mjs';

type Choice = { id: number; value: string };
type BenchWidget = { id: number; subtype: string; title: string; items?: Choice[]; col_options?: Choice[] };
/** The survey the bench generates, in the wire format (survey-format.md), as far as these tests read it. */
type BenchSurvey = { pages: { id: number; title: string; widgets: BenchWidget[] }[] };
const surveyOf = (questions: number): BenchSurvey => untypedSurveyOf(questions);

/** SurveyJS's type for each of the bench's kinds: a type the library does not know would be left out silently. */
const SURVEYJS_TYPE: Record<string, string> = {
  single_radio: 'radiogroup',
  multiple_checkbox: 'checkbox',
  single_select: 'dropdown',
  freetext_input: 'text',
  freetext_comment: 'comment',
  other_radio_matrix: 'matrix',
  scale_stars: 'rating',
  other_ranking: 'ranking',
};

describe('the bench survey in SurveyJS', () => {
  it.each([50, 500])('SurveyJS reads every page and question of the %i-question survey', (size) => {
    const survey = surveyOf(size);
    const model = new Model(surveyJsJson(survey));

    expect(model.pages.map((page) => page.title)).toEqual(survey.pages.map((page) => page.title));
    const widgets = survey.pages.flatMap((page) => page.widgets);
    const questions = model.getAllQuestions();
    expect(questions).toHaveLength(size);
    questions.forEach((question, index) => {
      const widget = widgets[index]!;
      expect(question.name).toBe(`q${widget.id}`);
      expect(question.title).toBe(widget.title);
      expect(question.getType()).toBe(SURVEYJS_TYPE[widget.subtype]);
    });
  });

  it('keeps each choice, row and column', () => {
    const survey = surveyOf(50);
    const model = new Model(surveyJsJson(survey));
    const widgets = survey.pages.flatMap((page) => page.widgets);
    const matrix = widgets.find((widget) => widget.subtype === 'other_radio_matrix')!;
    const ranking = widgets.find((widget) => widget.subtype === 'other_ranking')!;

    const matrixQuestion = model.getQuestionByName(`q${matrix.id}`) as unknown as {
      rows: { text: string }[];
      columns: { text: string }[];
    };
    expect(matrixQuestion.rows.map((row) => row.text)).toEqual(matrix.items!.map((item) => item.value));
    expect(matrixQuestion.columns.map((column) => column.text)).toEqual(
      matrix.col_options!.map((option) => option.value),
    );
    const rankingQuestion = model.getQuestionByName(`q${ranking.id}`) as unknown as { choices: { text: string }[] };
    expect(rankingQuestion.choices.map((choice) => choice.text)).toEqual(ranking.items!.map((item) => item.value));
  });

  it('writes the survey into its page as JSON a title cannot break out of', () => {
    const survey = surveyOf(50);
    survey.pages[0]!.widgets[0]!.title = '</script><script>alert(1)</script>';
    const html = surveyJsHtml(survey);

    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });
});

describe('the static baseline', () => {
  it.each([50, 500])('has one section a page and one field set a question at %i questions', (size) => {
    const survey = surveyOf(size);
    const html = staticHtml(survey);

    expect(html.match(/<section /g)).toHaveLength(survey.pages.length);
    expect(html.match(/<fieldset>/g)).toHaveLength(size);
  });
});
