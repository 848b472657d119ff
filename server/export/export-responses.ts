import 'server-only';

import { answerText } from '@/lib/survey-format/answer-text';
import { originalLanguage } from '@/lib/survey-format/survey-rules';
import { resolveText } from '@/lib/survey-format/text';

import type { Db } from '../db/create-db';
import { parseContent } from '../responses/response-repository';
import { requireSurveyByCode, widgetsOf } from '../surveys/load-survey';
import { toCsv } from './csv';

/**
 * The finished responses of a survey as CSV: code, created_date, start_date, then one column per question in
 * page order, headed by its title in the survey's original language.
 */
export async function exportResponsesCsv(db: Db, surveyCode: string): Promise<string> {
  const { id, survey } = await requireSurveyByCode(db, surveyCode);
  const lang = originalLanguage(survey);
  const questions = widgetsOf(survey).filter((widget) => widget.is_question);
  const responses = await db
    .selectFrom('responses')
    .select(['id', 'code', 'created_date', 'start_date', 'content'])
    .where('survey_id', '=', id)
    .where('completed', '=', 1)
    .orderBy('finished_at')
    .orderBy('id')
    .execute();
  const uploads =
    responses.length === 0
      ? []
      : await db
          .selectFrom('uploads')
          .select(['id', 'original_name'])
          .where(
            'response_id',
            'in',
            responses.map((response) => response.id),
          )
          .execute();
  const textOptions = {
    language: { lang, originalLang: lang },
    style: 'export',
    fileNames: new Map(uploads.map((upload) => [upload.id, upload.original_name])),
  } as const;

  const header = [
    'code',
    'created_date',
    'start_date',
    ...questions.map((widget) => resolveText(widget.title, lang, lang)),
  ];
  const rows = responses.map((response) => {
    const content = parseContent(response);
    return [
      response.code,
      response.created_date,
      response.start_date ?? '',
      ...questions.map((widget) => answerText(widget, content[String(widget.id)] ?? [], textOptions)),
    ];
  });
  return toCsv([header, ...rows]);
}
