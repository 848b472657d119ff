import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { surveySchema } from '@/lib/survey-format/survey';

import { dependsOnSeed, respondentOrder } from './respondent-order';

const question = (id: number) => ({ id, is_question: true, subtype: 'freetext_input', title: `Q${id}` });
const block = (id: number) => ({ id, is_question: false, subtype: 'text_block', title: `T${id}` });

function survey(randomizePages: boolean, randomizeWidgets: boolean) {
  return surveySchema.parse({
    survey_id: 1,
    config: { randomize_pages: randomizePages },
    pages: [
      { id: 1, widgets: [block(10)] },
      { id: 2, randomize_widgets: randomizeWidgets, widgets: [block(20), question(21), question(22), question(23)] },
      { id: 3, widgets: [question(31)] },
      { id: 4, widgets: [question(41)] },
      { id: 5, widgets: [] },
    ],
  });
}

const pageIds = (ordered: ReturnType<typeof respondentOrder>) => ordered.survey.pages.map((page) => page.id);
const widgetIds = (ordered: ReturnType<typeof respondentOrder>, pageId: number) =>
  ordered.survey.pages.find((page) => page.id === pageId)?.widgets.map((widget) => widget.id);

describe('respondentOrder', () => {
  it('leaves a survey that randomises nothing as it is', () => {
    const plain = survey(false, false);
    expect(respondentOrder(plain, 'seed')).toEqual({ survey: plain, orders: {} });
  });

  it('is the same for one seed, on the server and in the browser, and keeps what is not shuffled in place', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{8,22}$/), (seed) => {
        const first = respondentOrder(survey(true, true), seed);
        expect(respondentOrder(survey(true, true), seed)).toEqual(first);
        // Pages without questions keep their places; content blocks too.
        expect(pageIds(first)[0]).toBe(1);
        expect(pageIds(first)[4]).toBe(5);
        expect([...pageIds(first)].sort()).toEqual([1, 2, 3, 4, 5]);
        expect(widgetIds(first, 2)?.[0]).toBe(20);
        expect([...(widgetIds(first, 2) ?? [])].sort()).toEqual([20, 21, 22, 23]);
        expect(first.orders).toEqual({ 'page:2': widgetIds(first, 2), pages: pageIds(first) });
      }),
    );
  });

  it('varies between respondents', () => {
    const orders = new Set(
      Array.from({ length: 40 }, (_, index) =>
        widgetIds(respondentOrder(survey(false, true), `seed${index}`), 2)?.join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('follows the order kept with the response over the seed, unless the survey changed since', () => {
    const stored = { pages: [1, 4, 3, 2, 5], 'page:2': [20, 23, 22, 21] };
    const ordered = respondentOrder(survey(true, true), 'any', stored);
    expect(pageIds(ordered)).toEqual([1, 4, 3, 2, 5]);
    expect(widgetIds(ordered, 2)).toEqual([20, 23, 22, 21]);
    const outdated = respondentOrder(survey(true, true), 'any', { pages: [1, 2, 3] });
    expect(pageIds(outdated)).toEqual(pageIds(respondentOrder(survey(true, true), 'any')));
  });
});

describe('dependsOnSeed', () => {
  const withWidgetSettings = (settings: Record<string, unknown>) =>
    surveySchema.parse({
      survey_id: 1,
      pages: [
        { id: 1, widgets: [{ ...question(11), subtype: 'single_radio', items: [{ id: 1 }, { id: 2 }], settings }] },
      ],
    });

  it('is false for a survey that shuffles nothing: every respondent gets the same page', () => {
    expect(dependsOnSeed(survey(false, false))).toBe(false);
    expect(dependsOnSeed(withWidgetSettings({ columns: 2, randomize: false }))).toBe(false);
  });

  it.each([
    ['shuffled pages', survey(true, false)],
    ["a page's shuffled questions", survey(false, true)],
    ["a question's shuffled options", withWidgetSettings({ randomize: true })],
    ["a matrix's shuffled rows", withWidgetSettings({ randomize_rows: true })],
  ])('is true for %s', (_case, shuffled) => {
    expect(dependsOnSeed(shuffled)).toBe(true);
  });
});
