import 'server-only';

import type { Db } from '../db/create-db';
import type { SurveyRow } from '../db/schema';

export async function findSurveyByCode(db: Db, code: string): Promise<SurveyRow | undefined> {
  return db.selectFrom('surveys').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findSurveyById(db: Db, id: number): Promise<SurveyRow | undefined> {
  return db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Finished responses count toward `max_responses` and are the survey's `responses_total`. */
export async function countFinishedResponses(db: Db, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('survey_id', '=', surveyId)
    .where('completed', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface SurveyRecord {
  code: string;
  definition: string;
  description: string | null;
  passwordHash: string | null;
  isDemo: boolean;
}

/**
 * Adds the survey, or replaces the one with the same code (keeping its id, so its responses stay attached).
 * Returns whether it was new.
 */
export async function upsertSurvey(
  db: Db,
  record: SurveyRecord,
  now: string,
): Promise<{ id: number; created: boolean }> {
  const existing = await db.selectFrom('surveys').select('id').where('code', '=', record.code).executeTakeFirst();
  const row = await db
    .insertInto('surveys')
    .values({
      code: record.code,
      definition: record.definition,
      description: record.description,
      password_hash: record.passwordHash,
      is_demo: record.isDemo ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        definition: record.definition,
        description: record.description,
        password_hash: record.passwordHash,
        is_demo: record.isDemo ? 1 : 0,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: existing === undefined };
}

/** Adds the survey only when its code is free; never touches an existing (possibly edited) one. */
export async function insertSurveyIfAbsent(db: Db, record: SurveyRecord, now: string): Promise<boolean> {
  const result = await db
    .insertInto('surveys')
    .values({
      code: record.code,
      definition: record.definition,
      description: record.description,
      password_hash: record.passwordHash,
      is_demo: record.isDemo ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listDemoSurveyRows(db: Db): Promise<Pick<SurveyRow, 'code' | 'definition' | 'description'>[]> {
  return db
    .selectFrom('surveys')
    .select(['code', 'definition', 'description'])
    .where('is_demo', '=', 1)
    .orderBy('code')
    .execute();
}
