import type { SurveyFileInput } from '@/lib/survey-format/survey';

import { createResponse, createResponseRequestSchema } from '../responses/create-response';
import { importSurvey } from '../surveys/import-survey';
import { findSurveyByCode } from '../surveys/survey-repository';
import { currentTestDb } from './test-backend';

/** Imports a survey file into the test database and returns its id. */
export async function seedSurvey(file: SurveyFileInput): Promise<number> {
  const db = await currentTestDb();
  const result = await importSurvey(db, file, { mode: 'replace', isDemo: false, now: Date.now() });
  if (!result.ok) throw new Error(`Bad test survey: ${JSON.stringify(result.issues)}`);
  const row = await findSurveyByCode(db, result.code);
  if (row === undefined) throw new Error('Survey vanished');
  return row.id;
}

export function newResponseBody(surveyId: number, overrides: Record<string, unknown> = {}) {
  return {
    survey: surveyId,
    fingerprint: 'fp-1',
    client_signature: 'sig-1',
    start_date: '2026-11-22T10:30:00.000+01:00',
    ...overrides,
  };
}

/** Starts a response through the service (not the route) and returns its code, id and token. */
export async function startResponse(surveyCode: string, surveyId: number, overrides: Record<string, unknown> = {}) {
  const { response: created } = await createResponse(await currentTestDb(), {
    surveyCode,
    body: createResponseRequestSchema.parse(newResponseBody(surveyId, overrides)),
    gateToken: undefined,
    userAgent: null,
    client: 'test',
    now: Date.now(),
  });
  return { ...created, token: created.token ?? '' };
}
