import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Content } from '@/lib/survey-format/content';
import { actionTypes, conditionSources, operators, screenTypes } from '@/lib/survey-format/rule';
import type { Survey } from '@/lib/survey-format/survey';
import type { QuestionSubtype } from '@/lib/survey-format/widget-kinds';
import { evaluateLogic } from './logic-state';
import { firstStep, nextStep, prunedContent, questionNumbering } from './navigation';
import { buildSurvey } from './test-fixtures';

const subtypes: QuestionSubtype[] = [
  'single_radio',
  'multiple_checkbox',
  'freetext_input',
  'scale_numeric',
  'other_radio_matrix',
  'other_checkbox_matrix',
  'other_dropdown_matrix',
  'scale_stars_matrix',
  'freetext_multiple',
  'other_datetime',
  'other_ranking',
];

const PAGE_IDS = [1, 2, 3, 4, 5, 6];
const WIDGETS_PER_PAGE = 3;
const widgetId = (pageId: number, slot: number) => pageId * 10 + slot;
// Ids that exist (usually) and some that never do, so rules also point at nothing.
const anyWidgetRef = fc.oneof(
  fc.constantFrom(...PAGE_IDS.flatMap((p) => [0, 1, 2].map((s) => widgetId(p, s)))),
  fc.constantFrom(999, -1),
);
const anyPageRef = fc.oneof(fc.constantFrom(...PAGE_IDS), fc.constantFrom(0, 77));
const itemRef = fc.constantFrom('1', '2', '3', '4', 'others');

const weirdText = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', ' ', ':|:', 'others:|:', '{{question:11}}', '<b>x</b>', 'NaN', '1e3', '2026-02-31', '7,5'),
);

const conditionArb = fc.record({
  source: fc.constantFrom(...conditionSources),
  source_type: fc.constantFrom('item' as const, 'value' as const),
  reference: fc.oneof(anyWidgetRef.map(String), fc.constantFrom('dept', 'src', '', 'x y')),
  operator: fc.constantFrom(...operators),
  operator_value: fc.oneof(
    itemRef,
    weirdText,
    fc.array(itemRef, { maxLength: 3 }).map((list) => list.join(':|:')),
    fc.constantFrom(...screenTypes),
    fc.integer({ min: -2, max: 12 }).map(String),
  ),
});

const actionArb = fc.constantFrom(...actionTypes).chain((type) => {
  const resource = type.endsWith('_page')
    ? anyPageRef.map(String)
    : type.endsWith('_question')
      ? anyWidgetRef.map(String)
      : type.endsWith('_option')
        ? fc.tuple(anyWidgetRef, fc.integer({ min: 0, max: 4 })).map(([w, i]) => `${w}:${i}`)
        : fc.constant('');
  return resource.map((value) => ({
    type,
    resource: value,
    finish_redirect_url: type === 'finish_survey' ? 'https://example.com' : null,
    redirect_parameters:
      type === 'finish_survey' ? [{ name: 'p', source: 'question' as const, reference: String(widgetId(1, 0)) }] : [],
  }));
});

const rulesArb = fc.array(
  fc.record({
    page_id: anyPageRef,
    match: fc.constantFrom('all' as const, 'any' as const),
    conditions: fc.array(conditionArb, { maxLength: 3 }),
    action: actionArb,
  }),
  { maxLength: 25 },
);

const surveyArb = fc
  .record({
    pageCount: fc.integer({ min: 1, max: PAGE_IDS.length }),
    subtypes: fc.array(fc.constantFrom(...subtypes), {
      minLength: PAGE_IDS.length * WIDGETS_PER_PAGE,
      maxLength: PAGE_IDS.length * WIDGETS_PER_PAGE,
    }),
    widgetCounts: fc.array(fc.integer({ min: 0, max: WIDGETS_PER_PAGE }), {
      minLength: PAGE_IDS.length,
      maxLength: PAGE_IDS.length,
    }),
    hiddenFlags: fc.array(fc.boolean(), {
      minLength: PAGE_IDS.length * (WIDGETS_PER_PAGE + 1),
      maxLength: PAGE_IDS.length * (WIDGETS_PER_PAGE + 1),
    }),
    rules: rulesArb,
  })
  .map(({ pageCount, subtypes: kinds, widgetCounts, hiddenFlags, rules }) => {
    const pages = PAGE_IDS.slice(0, pageCount).map((pageId, p) => ({
      id: pageId,
      hidden: (hiddenFlags[p * 4] ?? false) && p % 3 === 2,
      widgets: Array.from({ length: widgetCounts[p] ?? 0 }, (_, slot) => ({
        id: widgetId(pageId, slot),
        subtype: kinds[p * WIDGETS_PER_PAGE + slot] ?? 'single_radio',
        hidden: (hiddenFlags[p * 4 + slot + 1] ?? false) && slot === 2,
        items: [1, 2, 3, 4].map((id) => ({ id, value: `Item ${id}` })),
        col_options: [1, 2].map((id) => ({ id, value: `Col ${id}` })),
      })),
    }));
    return buildSurvey(
      pages,
      rules.map((entry, index) => ({ id: index + 1, ...entry })),
    );
  });

const entryArb = fc.oneof(
  itemRef,
  weirdText,
  fc.tuple(itemRef, itemRef).map(([a, b]) => `${a}:|:${b}`),
  fc.tuple(itemRef, fc.constantFrom('1', '2', 'empty_row'), weirdText).map(([a, b, c]) => `${a}:|:${b}:|:${c}`),
  weirdText.map((text) => `others:|:${text}`),
);

const contentArb = fc
  .dictionary(
    fc.oneof(anyWidgetRef.map(String), fc.constantFrom('custom_field:dept', 'url_param:src', 'junk')),
    fc.array(entryArb, { maxLength: 4 }),
    { maxKeys: 12 },
  )
  .map((dict): Content => ({ ...dict }));

const contextArb = fc.record({ device: fc.constantFrom(...screenTypes) });

function widgetIdsOfPage(survey: Survey, pageId: number): number[] {
  return survey.pages.find((page) => page.id === pageId)?.widgets.map((widget) => widget.id) ?? [];
}

describe('logic engine properties', () => {
  it('evaluateLogic never throws, is deterministic, and hides every widget of a hidden page', () => {
    fc.assert(
      fc.property(surveyArb, contentArb, contextArb, (survey, content, context) => {
        const state = evaluateLogic(survey, content, context);
        expect(evaluateLogic(survey, content, context)).toEqual(state);
        for (const pageId of state.hiddenPageIds) {
          for (const id of widgetIdsOfPage(survey, pageId)) expect(state.hiddenWidgetIds.has(id)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('prunedContent never sends an answer to a hidden question or a hidden option', () => {
    fc.assert(
      fc.property(surveyArb, contentArb, contextArb, (survey, content, context) => {
        const state = evaluateLogic(survey, content, context);
        const pruned = prunedContent(survey, content, state);
        for (const [key, answer] of Object.entries(pruned)) {
          if (key.startsWith('custom_field:') || key.startsWith('url_param:')) continue;
          const id = Number(key);
          if (state.hiddenWidgetIds.has(id)) expect(answer).toEqual([]);
          const hiddenItems = state.hiddenOptionIds.get(id);
          for (const entry of answer) {
            expect(hiddenItems?.has(Number(entry.split(':|:')[0])) ?? false).toBe(false);
          }
        }
        // Custom fields and URL parameters always survive.
        for (const key of Object.keys(content)) {
          if (key.startsWith('custom_field:') || key.startsWith('url_param:'))
            expect(pruned[key]).toEqual(content[key]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a full walk with nextStep ends, moves forward, visits each page once and never lands on a hidden page', () => {
    fc.assert(
      fc.property(surveyArb, contentArb, contextArb, fc.boolean(), (surveyInOrder, content, context, shuffle) => {
        // A page shuffle reaches the engine as the survey's pages in the respondent's order.
        const survey = shuffle ? { ...surveyInOrder, pages: [...surveyInOrder.pages].reverse() } : surveyInOrder;
        const order = survey.pages.map((page) => page.id);
        const state = evaluateLogic(survey, content, context);
        let step = firstStep(survey, content, context, state);
        const history: number[] = [];
        let guard = 0;
        while (step.kind === 'page') {
          expect(state.hiddenPageIds.has(step.pageId)).toBe(false);
          expect(history).not.toContain(step.pageId);
          if (history.length > 0) {
            expect(order.indexOf(step.pageId)).toBeGreaterThan(order.indexOf(history[history.length - 1] as number));
          }
          const current = step.pageId;
          step = nextStep(survey, content, context, { currentPageId: current, history }, state);
          history.push(current);
          guard += 1;
          expect(guard).toBeLessThanOrEqual(survey.pages.length);
        }
        expect(step.kind).toBe('finish');
        // Numbers along the walked path are 1..n without gaps.
        const numbers = [...questionNumbering(survey, history, state).values()];
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }),
      { numRuns: 400 },
    );
  });

  it('nextStep from any page with any history never throws', () => {
    fc.assert(
      fc.property(
        surveyArb,
        contentArb,
        contextArb,
        fc.constantFrom(...PAGE_IDS, 99),
        fc.array(fc.constantFrom(...PAGE_IDS), { maxLength: 6 }),
        (survey, content, context, currentPageId, history) => {
          const step = nextStep(survey, content, context, { currentPageId, history });
          if (step.kind === 'page') {
            expect(step.pageId).not.toBe(currentPageId);
            expect(history).not.toContain(step.pageId);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
