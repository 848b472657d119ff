import { describe, expect, it } from 'vitest';

import { searchNav } from '@/features/a11y-nav/nav-model';
import type { LogicState } from '@/features/logic/logic-state';
import { evaluateLogic } from '@/features/logic/logic-state';
import { nextStep } from '@/features/logic/navigation';
import { surveySchema } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';

import { answeredPercent, navPages, pageNumberOf, pathPageIds, surveyPath, type SurveyPath } from './nav-pages';

function survey(hideBackButton = false) {
  return surveySchema.parse({
    survey_id: 1,
    config: { hide_back_button: hideBackButton },
    pages: [
      {
        id: 1,
        title: 'About you',
        widgets: [
          {
            id: 11,
            subtype: 'single_radio',
            title: 'Your education',
            items: [
              { id: 1, value: 'Primary' },
              { id: 2, value: 'University' },
            ],
          },
          { id: 12, subtype: 'text_block', title: 'Thanks' },
        ],
      },
      { id: 2, widgets: [{ id: 21, subtype: 'freetext_input', title: 'Favourite colour' }] },
      { id: 3, title: 'Hidden', widgets: [{ id: 31, subtype: 'freetext_input', title: 'Never shown' }] },
      {
        id: 4,
        title: 'Work',
        widgets: [
          {
            id: 41,
            subtype: 'scale_semantic',
            title: 'Your job',
            items: [{ id: 7, value: 'Boring', right_value: 'Fun' }],
          },
        ],
      },
      { id: 5, title: 'Empty', widgets: [] },
    ],
  });
}

const logic = (hiddenOptions: [number, number[]][] = []): LogicState => ({
  hiddenPageIds: new Set([3]),
  hiddenWidgetIds: new Set([31]),
  hiddenOptionIds: new Map(hiddenOptions.map(([widgetId, ids]) => [widgetId, new Set(ids)])),
});
const text = (value: Text | null | undefined) => resolveText(value, 'en', 'en');
const desktop = { device: 'desktop' as const };
const pathAt = (currentPageId: number, history: number[], state = logic(), of = survey()): SurveyPath =>
  surveyPath(of, {}, desktop, { currentPageId, history }, state);

describe('navPages', () => {
  it("lists the respondent's pages, numbered as the page counter numbers them, with their visible options", () => {
    const pages = navPages(survey(), logic([[11, [1]]]), pathAt(2, [1]), text);
    expect(pages.map((page) => [page.id, page.number, page.title, page.status])).toEqual([
      [1, 1, 'About you', 'completed'],
      [2, 2, '', 'current'],
      [4, 3, 'Work', 'future'],
    ]);
    expect(pages[0]?.questions).toEqual([{ id: 11, title: 'Your education', options: ['University'] }]);
    expect(pages[2]?.questions).toEqual([{ id: 41, title: 'Your job', options: ['Boring', 'Fun'] }]);
    expect(pageNumberOf(pathAt(2, [1]))).toEqual({ current: 2, total: 3 });
  });

  it('locks the pages passed when the survey hides its back button, and leaves out the pages jumped over', () => {
    const hidden = navPages(survey(true), logic(), pathAt(4, [1], logic(), survey(true)), text);
    expect(hidden.map((page) => [page.id, page.number, page.status])).toEqual([
      [1, 1, 'locked'],
      [4, 2, 'current'],
    ]);
    const open = navPages(survey(), logic(), pathAt(4, [1]), text);
    expect(open.map((page) => [page.id, page.status])).toEqual([
      [1, 'completed'],
      [4, 'current'],
    ]);
  });
});

describe('the path, as the page counter, the progress and the panel count it', () => {
  /** Five pages of one radio each (101 … 501); page 1 jumps to page 4 on "2", page 2 ends the survey on "1". */
  const branching = surveySchema.parse({
    survey_id: 3,
    pages: [1, 2, 3, 4, 5].map((id) => ({
      id,
      widgets: [
        {
          id: id * 100 + 1,
          subtype: 'single_radio',
          title: `Q${id}`,
          items: [
            { id: 1, value: 'One' },
            { id: 2, value: 'Two' },
          ],
        },
      ],
    })),
    logic_list: [
      {
        id: 1,
        page_id: 1,
        conditions: [{ source: 'question', reference: '101', operator: 'equals', operator_value: '2' }],
        action: { type: 'jump_page', resource: '4' },
      },
      {
        id: 2,
        page_id: 2,
        conditions: [{ source: 'question', reference: '201', operator: 'equals', operator_value: '1' }],
        action: { type: 'finish_survey' },
      },
      {
        id: 3,
        page_id: 2,
        conditions: [{ source: 'question', reference: '201', operator: 'equals', operator_value: '2' }],
        action: { type: 'hide_page', resource: '1' },
      },
    ],
  });
  const at = (content: Record<string, string[]>, currentPageId: number, history: number[]) => {
    const state = evaluateLogic(branching, content, desktop);
    const path = surveyPath(branching, content, desktop, { currentPageId, history }, state);
    return { path, state, percent: answeredPercent(branching, state, content, pathPageIds(path)) };
  };

  it('counts a jump: page 2 of 3 on the page jumped to, 3 of 3 on the last, 100% with all of them answered', () => {
    const jumped = at({ '101': ['2'] }, 4, [1]);
    expect(pageNumberOf(jumped.path)).toEqual({ current: 2, total: 3 });
    expect(navPages(branching, jumped.state, jumped.path, text).map((page) => page.number)).toEqual([1, 2, 3]);
    const last = at({ '101': ['2'], '401': ['1'], '501': ['2'] }, 5, [1, 4]);
    expect(pageNumberOf(last.path)).toEqual({ current: 3, total: 3 });
    expect(last.percent).toBe(100);
  });

  it('ends the count at a finish rule that holds, and grows it again when the answer changes', () => {
    expect(pageNumberOf(at({ '201': ['1'] }, 2, [1]).path)).toEqual({ current: 2, total: 2 });
    expect(at({ '101': ['1'], '201': ['1'] }, 2, [1]).percent).toBe(100);
    expect(pageNumberOf(at({}, 2, [1]).path)).toEqual({ current: 2, total: 5 });
  });

  it('counts a jump to a hidden page as nextStep takes it: on past it, unless a show rule shows it', () => {
    // Page 2 jumps to page 3, which is hidden until page 1 is answered "2".
    const hiddenTarget = surveySchema.parse({
      ...branching,
      pages: branching.pages.map((page) => (page.id === 3 ? { ...page, hidden: true } : page)),
      logic_list: [
        {
          id: 1,
          page_id: 1,
          conditions: [{ source: 'question', reference: '101', operator: 'equals', operator_value: '2' }],
          action: { type: 'show_page', resource: '3' },
        },
        { id: 2, page_id: 2, action: { type: 'jump_page', resource: '3' } },
      ],
    });
    const from2 = (content: Record<string, string[]>) => {
      const position = { currentPageId: 2, history: [1] };
      const state = evaluateLogic(hiddenTarget, content, desktop);
      return {
        next: nextStep(hiddenTarget, content, desktop, position, state),
        path: surveyPath(hiddenTarget, content, desktop, position, state),
      };
    };
    const hidden = from2({ '101': ['1'] });
    expect(hidden.next).toEqual({ kind: 'page', pageId: 4 });
    expect(pathPageIds(hidden.path)).toEqual([1, 2, 4, 5]);
    const shown = from2({ '101': ['2'] });
    expect(shown.next).toEqual({ kind: 'page', pageId: 3 });
    expect(pathPageIds(shown.path)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out a page passed that logic hides now: Back has nothing to go to', () => {
    const { path } = at({ '201': ['2'] }, 2, [1]);
    expect(path.passed).toEqual([]);
    expect(pageNumberOf(path)).toEqual({ current: 1, total: 4 });
  });
});

describe('navPages, beside the screen', () => {
  const choices = surveySchema.parse({
    survey_id: 2,
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 11,
            subtype: 'other_dropdown_matrix',
            title: 'Rate',
            items: [{ id: 1, value: 'Food' }],
            col_options: [{ id: 1, value: 'Quality' }],
            settings: { dropdown_items: [{ id: 7, value: 'Excellent' }] },
          },
          {
            id: 12,
            subtype: 'single_radio',
            title: 'Where',
            items: [{ id: 1, value: 'Home' }],
            settings: { has_other: true, other_label: 'Somewhere else' },
          },
        ],
      },
      { id: 2, widgets: [{ id: 21, subtype: 'text_block', title: 'Bye' }] },
    ],
    logic_list: [{ id: 1, page_id: 2, conditions: [], action: { type: 'finish_survey' } }],
  });
  const none: LogicState = { hiddenPageIds: new Set(), hiddenWidgetIds: new Set(), hiddenOptionIds: new Map() };
  const pages = navPages(
    choices,
    none,
    surveyPath(choices, {}, desktop, { currentPageId: 1, history: [] }, none),
    text,
  );

  it('searches every option the screen shows: a dropdown matrix choice, the owner\'s "other" label', () => {
    expect(searchNav(pages, 'excellent').map((result) => result.questionId)).toEqual([11]);
    expect(searchNav(pages, 'somewhere').map((result) => result.questionId)).toEqual([12]);
  });

  it('leaves out a page that ends the survey, as the page counter does', () => {
    expect(pages.map((page) => page.id)).toEqual([1]);
  });
});

describe('answeredPercent', () => {
  const all = [1, 2, 4];
  it('counts the answered questions among those logic shows on the pages given', () => {
    expect(answeredPercent(survey(), logic(), { '11': ['2'], '31': ['x'] }, all)).toBe(33);
    expect(answeredPercent(survey(), logic(), {}, all)).toBe(0);
    expect(answeredPercent(survey(), logic(), { '11': ['2'], '21': ['Red'] }, [1, 2])).toBe(100);
  });
  it('does not count "other" ticked with nothing typed', () => {
    expect(answeredPercent(survey(), logic(), { '11': ['others:|:  '] }, all)).toBe(0);
    expect(answeredPercent(survey(), logic(), { '11': ['others:|:Bus'] }, all)).toBe(33);
  });
  it('does not count an option logic hides, as validation does not', () => {
    expect(answeredPercent(survey(), logic([[11, [1]]]), { '11': ['1'] }, all)).toBe(0);
    expect(answeredPercent(survey(), logic([[11, [1]]]), { '11': ['2'] }, all)).toBe(33);
  });
});
