import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleSurvey } from './example-survey';
import { pageSchema } from './page';
import {
  alertQueueBodySchema,
  checkPasswordBodySchema,
  checkPasswordResultSchema,
  createResponseBodySchema,
  createResponseResultSchema,
  emailQueueBodySchema,
  responseReadSchema,
  uploadResultSchema,
} from './response';
import { ruleSchema } from './rule';
import { surveySchema } from './survey';
import { validationSchema } from './validation';

const markdown = readFileSync(path.resolve(__dirname, '../../docs/survey-format.md'), 'utf8');
const blocks = [...markdown.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1]!);

/** The json examples of docs/survey-format.md, in order, with the schema each one illustrates. */
const expected: ReadonlyArray<readonly [string, z.core.$ZodType]> = [
  ['survey', surveySchema],
  ['page', pageSchema],
  ['validation', validationSchema],
  ['rule', ruleSchema],
  ['create response body', createResponseBodySchema],
  ['create response answer', createResponseResultSchema],
  ['read response answer', responseReadSchema],
  ['email queue body', emailQueueBodySchema],
  ['alert queue body', alertQueueBodySchema],
  ['check password body', checkPasswordBodySchema],
  ['check password answer', checkPasswordResultSchema],
  ['upload answer', uploadResultSchema],
];

describe('docs/survey-format.md examples', () => {
  it('has one json example per documented shape', () => {
    expect(blocks).toHaveLength(expected.length);
  });

  it.each(expected.map(([name, schema], index) => [name, schema, index] as const))(
    'the %s example parses',
    (_name, schema, index) => {
      const result = z.safeParse(schema, JSON.parse(blocks[index]!));
      expect(result.error?.issues ?? []).toEqual([]);
    },
  );

  it('the complete survey is the example survey of the code', () => {
    expect(JSON.parse(blocks[0]!)).toEqual(exampleSurvey);
  });
});
