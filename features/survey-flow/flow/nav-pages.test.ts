import { describe, expect, it } from 'vitest';

import { searchNav } from '@/features/a11y-nav/nav-model';
import type { LogicState } from '@/features/logic/logic-state';
import { shownPageCount } from '@/features/logic/navigation';
import { surveySchema } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';

import { answeredPercent, navPages } from './nav-pages';

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

describe('navPages', () => {
  it('lists the pages logic shows, numbered as seen, with their questions and visible options', () => {
    const pages = navPages(survey(), logic([[11, [1]]]), { currentPageId: 2, history: [1] }, text);
    expect(pages.map((page) => [page.id, page.number, page.title, page.status])).toEqual([
      [1, 1, 'About you', 'completed'],
      [2, 2, '', 'current'],
      [4, 3, 'Work', 'future'],
    ]);
    expect(pages[0]?.questions).toEqual([{ id: 11, title: 'Your education', options: ['University'] }]);
    expect(pages[2]?.questions).toEqual([{ id: 41, title: 'Your job', options: ['Boring', 'Fun'] }]);
  });

  it('locks the pages passed when the survey hides its back button, and the pages jumped over', () => {
    const hidden = navPages(survey(true), logic(), { currentPageId: 4, history: [1] }, text);
    expect(hidden.map((page) => page.status)).toEqual(['locked', 'locked', 'current']);
    const open = navPages(survey(), logic(), { currentPageId: 4, history: [1] }, text);
    expect(open.map((page) => page.status)).toEqual(['completed', 'locked', 'current']);
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
  const pages = navPages(choices, none, { currentPageId: 1, history: [] }, text);

  it('searches every option the screen shows: a dropdown matrix choice, the owner\'s "other" label', () => {
    expect(searchNav(pages, 'excellent').map((result) => result.questionId)).toEqual([11]);
    expect(searchNav(pages, 'somewhere').map((result) => result.questionId)).toEqual([12]);
  });

  it('leaves out a page that ends the survey, as the page counter does', () => {
    expect(pages.map((page) => page.id)).toEqual([1]);
    expect(pages).toHaveLength(shownPageCount(choices, none));
  });
});

describe('answeredPercent', () => {
  it('counts the answered questions among those logic shows', () => {
    expect(answeredPercent(survey(), logic(), { '11': ['2'], '31': ['x'] })).toBe(33);
    expect(answeredPercent(survey(), logic(), {})).toBe(0);
  });
  it('does not count "other" ticked with nothing typed', () => {
    expect(answeredPercent(survey(), logic(), { '11': ['others:|:  '] })).toBe(0);
    expect(answeredPercent(survey(), logic(), { '11': ['others:|:Bus'] })).toBe(33);
  });
});
