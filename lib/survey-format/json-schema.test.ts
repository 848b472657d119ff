import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { exampleSurvey } from './example-survey';
import { JSON_SCHEMA_PATH, buildSurveyJsonSchema } from './json-schema';
import { surveySchema } from './survey';

describe('docs/survey-format.schema.json', () => {
  it('is up to date with the zod schemas (run `npm run json-schema` when this fails)', () => {
    const committed: unknown = JSON.parse(readFileSync(path.resolve(__dirname, '../..', JSON_SCHEMA_PATH), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildSurveyJsonSchema())));
  });

  it('documents the defaults and leaves defaulted fields optional', () => {
    const schema = buildSurveyJsonSchema() as {
      $defs: { Survey: { required?: string[]; properties: Record<string, { default?: unknown }> } };
    };
    const survey = schema.$defs.Survey;
    expect(survey.required).toEqual(['survey_id']);
    expect(survey.properties.is_open?.default).toBe(true);
    expect(survey.properties.config?.default).toMatchObject({ hide_back_button: true });
  });

  it('the example survey is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(exampleSurvey))).toEqual(exampleSurvey);
  });
});

describe('JSON Schema agrees with the zod schemas', () => {
  it('accepts the example survey, a parsed survey and a survey file; rejects bad ones', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(buildSurveyJsonSchema());
    expect(validate(exampleSurvey)).toBe(true);
    expect(validate(surveySchema.parse(exampleSurvey))).toBe(true);
    expect(validate({ survey_id: 1 })).toBe(true);
    expect(validate({ survey_id: 'x' })).toBe(false);
    expect(validate({ survey_id: 1, pages: [{ id: 1, widgets: [{ id: 1, subtype: 'nope' }] }] })).toBe(false);
    const file = new Ajv2020({ strict: false }).compile({ ...buildSurveyJsonSchema(), $ref: '#/$defs/SurveyFile' });
    expect(file({ ...exampleSurvey, survey_code: 'demo', password: 'x' })).toBe(true);
    expect(file(exampleSurvey)).toBe(false);
  });
});
