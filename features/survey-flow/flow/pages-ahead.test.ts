import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { subtypesAhead, widgetsAhead } from './pages-ahead';

const survey = surveySchema.parse({
  survey_id: 1,
  pages: [
    { id: 1, widgets: [{ id: 11, subtype: 'single_radio', items: [{ id: 1, value: 'Yes' }] }] },
    { id: 2, widgets: [{ id: 21, subtype: 'other_ranking', items: [{ id: 1, value: 'A' }] }] },
    { id: 3, widgets: [{ id: 31, subtype: 'other_signature' }] },
    {
      id: 4,
      widgets: [
        { id: 41, subtype: 'scale_stars' },
        { id: 42, subtype: 'other_ranking', items: [{ id: 1, value: 'B' }] },
      ],
    },
    { id: 5, widgets: [{ id: 51, subtype: 'other_datetime' }] },
  ],
});

describe('the kinds of question on the pages ahead', () => {
  it('are those of the next pages in order, each kind once', () => {
    expect(subtypesAhead(survey, 1, new Set(), 2)).toEqual(['other_ranking', 'other_signature']);
    expect(subtypesAhead(survey, 3, new Set(), 2)).toEqual(['scale_stars', 'other_ranking', 'other_datetime']);
  });

  it('skip the pages the logic hides now', () => {
    expect(subtypesAhead(survey, 1, new Set([2, 3]), 2)).toEqual(['scale_stars', 'other_ranking', 'other_datetime']);
  });

  it('are none after the last page, or for a page the survey lacks', () => {
    expect(subtypesAhead(survey, 5, new Set(), 2)).toEqual([]);
    expect(subtypesAhead(survey, null, new Set(), 2)).toEqual([]);
    expect(subtypesAhead(survey, 99, new Set(), 2)).toEqual([]);
  });
});

describe('the first question of each kind on the pages ahead', () => {
  it('is the first of its kind in the survey order, skipping hidden pages', () => {
    expect(widgetsAhead(survey, 3, new Set(), 2).map((widget) => widget.id)).toEqual([41, 42, 51]);
    expect(widgetsAhead(survey, 1, new Set([2]), 2).map((widget) => widget.id)).toEqual([31, 41, 42]);
    expect(widgetsAhead(survey, 5, new Set(), 2)).toEqual([]);
  });
});
