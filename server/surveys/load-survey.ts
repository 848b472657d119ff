import 'server-only';

import { surveySchema, type Survey } from '@/lib/survey-format/survey';

import type { Db } from '../db/create-db';
import type { SurveyRow } from '../db/schema';
import { notFound } from '../http/api-error';
import { findSurveyByCode, findSurveyById } from './survey-repository';

/** A stored survey with its definition parsed (defaults of today's schema applied). */
export interface LoadedSurvey {
  id: number;
  code: string;
  survey: Survey;
  passwordHash: string | null;
}

export function toLoadedSurvey(row: SurveyRow): LoadedSurvey {
  // Stored definitions passed surveyFileSchema on import, so a failure here is a bug or a schema change,
  // which must surface as a 500, not as a silently broken survey.
  const survey = surveySchema.parse(JSON.parse(row.definition));
  return { id: row.id, code: row.code, survey: { ...survey, survey_id: row.id }, passwordHash: row.password_hash };
}

export async function requireSurveyByCode(db: Db, code: string): Promise<LoadedSurvey> {
  const row = await findSurveyByCode(db, code);
  if (row === undefined) throw notFound(`No survey has the code "${code}".`);
  return toLoadedSurvey(row);
}

export async function requireSurveyById(db: Db, id: number): Promise<LoadedSurvey> {
  const row = await findSurveyById(db, id);
  if (row === undefined) throw notFound(`No survey has the id ${id}.`);
  return toLoadedSurvey(row);
}

/** Widgets of every page, in page order. */
export function widgetsOf(survey: Survey) {
  return survey.pages.flatMap((page) => page.widgets);
}
