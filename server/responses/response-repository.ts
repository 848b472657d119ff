import 'server-only';

import type { Content } from '@/lib/survey-format/content';

import type { Db } from '../db/create-db';
import type { ResponseRow } from '../db/schema';

export async function findResponseByCode(db: Db, code: string): Promise<ResponseRow | undefined> {
  return db.selectFrom('responses').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findResponseByTokenHash(db: Db, tokenHash: string): Promise<ResponseRow | undefined> {
  return db.selectFrom('responses').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Whether this browser fingerprint finished a response of the survey (since `since`, when given). */
export async function hasFinishedResponse(
  db: Db,
  surveyId: number,
  fingerprint: string,
  since?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('fingerprint', '=', fingerprint)
    .where('completed', '=', 1);
  if (since !== undefined) query = query.where('finished_at', '>=', since);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Stored content: parsed from JSON text; the stored value was normalised on the way in. */
export function parseContent(row: Pick<ResponseRow, 'content'>): Content {
  return JSON.parse(row.content) as Content;
}

/** Content as text with sorted keys, so equal answers give equal text whatever the client's key order. */
export function serializeContent(content: Content): string {
  const sorted: Content = {};
  for (const key of Object.keys(content).sort()) {
    const answer = content[key];
    if (answer !== undefined) sorted[key] = answer;
  }
  return JSON.stringify(sorted);
}
