import 'server-only';

import { surveySchema } from '@/lib/survey-format/survey';
import { originalLanguage } from '@/lib/survey-format/survey-rules';
import { resolveText } from '@/lib/survey-format/text';
import { textSchema } from '@/lib/survey-format/text-schema';

import type { Db } from '../db/create-db';
import { listDemoSurveyRows } from '../surveys/survey-repository';

export interface DemoSurveySummary {
  code: string;
  title: string;
  description?: string;
}

/** The seeded demo surveys for the home page, their texts in `lang` (falling back to each survey's original). */
export async function listDemoSurveys(db: Db, lang: string | undefined): Promise<DemoSurveySummary[]> {
  const rows = await listDemoSurveyRows(db);
  return rows.map((row) => {
    const survey = surveySchema.parse(JSON.parse(row.definition));
    const original = originalLanguage(survey);
    const language = lang ?? original;
    const description = row.description === null ? null : textSchema.safeParse(JSON.parse(row.description));
    const summary: DemoSurveySummary = { code: row.code, title: resolveText(survey.title, language, original) };
    if (description?.success) summary.description = resolveText(description.data, language, original);
    return summary;
  });
}
