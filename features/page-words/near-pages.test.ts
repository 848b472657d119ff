import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { nearPageIds } from './near-pages';

const survey = surveySchema.parse({
  survey_id: 1,
  pages: [
    { id: 1, widgets: [{ id: 11, subtype: 'freetext_input', title: 'One' }] },
    { id: 2, hidden: true, widgets: [{ id: 21, subtype: 'freetext_input', title: 'Hidden' }] },
    { id: 3, widgets: [] },
    { id: 4, widgets: [{ id: 41, subtype: 'freetext_input', title: 'Four' }] },
    { id: 5, widgets: [{ id: 51, subtype: 'freetext_input', title: 'Five' }] },
    { id: 6, widgets: [{ id: 61, subtype: 'freetext_input', title: 'Six' }] },
  ],
});

describe('nearPageIds', () => {
  it('is the first page and the next two a respondent can meet', () => {
    expect([...nearPageIds(survey, 1)]).toEqual([1, 4, 5]);
    expect([...nearPageIds(survey, 4)]).toEqual([4, 5, 6]);
  });

  it('is what is left at the end of the survey', () => {
    expect([...nearPageIds(survey, 5)]).toEqual([5, 6]);
    expect([...nearPageIds(survey, 6)]).toEqual([6]);
  });

  it('is every page when no first page is known', () => {
    expect([...nearPageIds(survey, null)]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...nearPageIds(survey, 99)]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
