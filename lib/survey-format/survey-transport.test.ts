import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { surveySchema, type Survey } from './survey';
import { SURVEY_DEFAULTS } from './survey-defaults';
import { outlineSurvey } from './survey-outline';
import { compactSurvey, expandSurvey } from './survey-transport';

const DEMO_DIR = path.join(import.meta.dirname, '../../server/demo');
const demos: [string, Survey][] = fs
  .readdirSync(DEMO_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, surveySchema.parse(JSON.parse(fs.readFileSync(path.join(DEMO_DIR, file), 'utf8')))]);

/** The wire's round trip: what the browser reads back from the JSON the server wrote. */
const throughTheWire = (survey: Survey) =>
  expandSurvey(JSON.parse(JSON.stringify(compactSurvey(survey, SURVEY_DEFAULTS))));

describe('the survey as the browser receives it', () => {
  it.each(demos)('%s comes back exactly as parsed, whole and as an outline', (_file, survey) => {
    expect(throughTheWire(survey)).toStrictEqual(survey);
    const outline = outlineSurvey(survey, new Set(survey.pages.slice(0, 1).map((page) => page.id))).survey;
    expect(throughTheWire(outline)).toStrictEqual(outline);
  });

  it('keeps a value the survey chose over a default, and the questions of every kind', () => {
    const survey = surveySchema.parse({
      survey_id: 1,
      pages: [
        {
          id: 1,
          hidden: true,
          widgets: [
            { id: 10, subtype: 'text_block', title: 'Hello' },
            {
              id: 11,
              subtype: 'other_radio_matrix',
              required: true,
              items: [{ id: 1, value: 'Row', fixed: true, score: 0 }],
              col_options: [{ id: 1, value: '' }],
              settings: { other_label: 'Other' },
            },
          ],
        },
        { id: 2 },
      ],
    });
    const compact = compactSurvey(survey, SURVEY_DEFAULTS);
    expect(compact.survey.pages[0]).toMatchObject({ hidden: true });
    expect(compact.survey.pages[0]?.widgets?.[0]).toMatchObject({ is_question: false });
    expect(compact.survey.pages[0]?.widgets?.[1]?.items).toEqual([{ id: 1, value: 'Row', fixed: true }]);
    expect(compact.survey.pages[1]).toEqual({ id: 2 });
    expect(throughTheWire(survey)).toStrictEqual(survey);
  });

  it('sends an option or column with nothing but its id as the bare id, and reads it back whole', () => {
    const survey = surveySchema.parse({
      survey_id: 1,
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 11,
              subtype: 'other_radio_matrix',
              items: [{ id: 1, value: 'Row' }, { id: 2 }],
              col_options: [{ id: 1 }, { id: 2, value: 'Column' }],
            },
          ],
        },
      ],
    });
    const widget = compactSurvey(survey, SURVEY_DEFAULTS).survey.pages[0]?.widgets?.[0];
    expect(widget?.items).toEqual([{ id: 1, value: 'Row' }, 2]);
    expect(widget?.col_options).toEqual([1, { id: 2, value: 'Column' }]);
    expect(throughTheWire(survey)).toStrictEqual(survey);
  });

  it('gives each object its own lists, never one shared empty list', () => {
    const survey = surveySchema.parse({
      survey_id: 1,
      pages: [
        {
          id: 1,
          widgets: [
            { id: 1, subtype: 'freetext_input' },
            { id: 2, subtype: 'freetext_input' },
          ],
        },
      ],
    });
    const [first, second] = throughTheWire(survey).pages[0]!.widgets;
    expect(first!.items).not.toBe(second!.items);
    expect(first!.settings).not.toBe(second!.settings);
  });

  it('leaves out most of a parsed survey’s bytes', () => {
    const [, largest] = demos.reduce((a, b) => (JSON.stringify(a[1]).length > JSON.stringify(b[1]).length ? a : b));
    const sent = JSON.stringify(compactSurvey(largest, SURVEY_DEFAULTS)).length;
    expect(sent).toBeLessThan(JSON.stringify(largest).length * 0.8);
  });
});
