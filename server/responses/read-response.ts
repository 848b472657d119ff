import 'server-only';

import { customFieldKey, type Content } from '@/lib/survey-format/content';
import type { ResponseRead } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import type { ResponseRow } from '../db/schema';
import { notFound } from '../http/api-error';
import { requireSurveyById } from '../surveys/load-survey';
import { getAppSecret } from '../security/app-secret';
import { responseTokenFor } from '../security/random-token';
import { gateShareConfig } from '../surveys/survey-file';
import { holdsResponseToken } from './response-access';
import { findResponseByCode, parseContent } from './response-repository';

const CUSTOM_FIELD_PREFIX = customFieldKey('');

/** Custom field values kept in content under `custom_field:<name>` (the format's key), by name. */
function customFieldsOf(content: Content): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, answer] of Object.entries(content)) {
    const value = answer[0];
    if (key.startsWith(CUSTOM_FIELD_PREFIX) && value !== undefined) {
      fields[key.slice(CUSTOM_FIELD_PREFIX.length)] = value;
    }
  }
  return fields;
}

/**
 * The stored response as spec §7 lists it. The code alone lets a browser resume an unfinished response, with the
 * token to keep saving it (survey-format.md: GET answers `token`); once finished, its answers go only to the
 * holder of its token, and the token is never sent again. A password never is.
 */
export function toResponseRead(
  row: ResponseRow,
  shareConfig: ResponseRead['share_config'],
  token: string | undefined,
  surveyCode?: string,
  /** The write token, handed to whoever holds the code of a response that is not finished. */
  resumeToken?: string,
): ResponseRead {
  const completed = row.completed === 1;
  const content = completed && !holdsResponseToken(row, token) ? {} : parseContent(row);
  return {
    code: row.code,
    id: row.id,
    content,
    custom_fields: customFieldsOf(content),
    start_date: row.start_date,
    created_date: row.created_date,
    expired_empty: row.expired_empty === 1,
    expired_partial: row.expired_partial === 1,
    is_desktop: row.is_desktop === 1,
    is_mobile: row.is_mobile === 1,
    is_tablet: row.is_tablet === 1,
    share_config: shareConfig,
    completed,
    redirected: row.redirected === 1,
    response_is_completed: completed,
    seq: row.seq,
    ...(surveyCode ? { survey_code: surveyCode } : {}),
    ...(resumeToken && !completed ? { token: resumeToken } : {}),
  };
}

export async function readResponse(
  db: Db,
  code: string,
  token: string | undefined,
  expectedSurveyId: number | undefined,
): Promise<ResponseRead> {
  const row = await findResponseByCode(db, code);
  // A response asked for under another survey is, for that survey, unknown.
  if (row === undefined || (expectedSurveyId !== undefined && expectedSurveyId !== row.survey_id)) {
    throw notFound(`No response has the code "${code}".`);
  }
  const loaded = await requireSurveyById(db, row.survey_id);
  return toResponseRead(
    row,
    gateShareConfig(loaded.survey.share_config, loaded.passwordHash !== null),
    token,
    loaded.code,
    row.completed === 1 ? undefined : responseTokenFor(await getAppSecret(db), row.code),
  );
}
