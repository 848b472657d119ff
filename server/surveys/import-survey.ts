import 'server-only';

import type { z } from 'zod';

import type { Db } from '../db/create-db';
import { hashPassword } from '../security/password-hash';
import { prepareSurveyFile } from './survey-file';
import { findSurveyByCode, insertSurveyIfAbsent, upsertSurvey, type SurveyRecord } from './survey-repository';

export type ImportMode = 'replace' | 'if-absent';

export type ImportResult =
  { ok: true; code: string; status: 'created' | 'replaced' | 'kept' } | { ok: false; issues: z.core.$ZodIssue[] };

/**
 * Validates a survey file and stores it: `replace` adds or overwrites by code (the CLI), `if-absent` never
 * touches an existing survey (demo seeding must not undo an owner's edits). The password is hashed here.
 */
export async function importSurvey(
  db: Db,
  data: unknown,
  options: { mode: ImportMode; isDemo: boolean; now: number },
): Promise<ImportResult> {
  const prepared = prepareSurveyFile(data);
  if (!prepared.ok) return prepared;
  const { code, definition, description, password } = prepared.survey;
  // Seeding runs at every start: skip the slow password hash when the survey is already there.
  if (options.mode === 'if-absent' && (await findSurveyByCode(db, code)) !== undefined) {
    return { ok: true, code, status: 'kept' };
  }
  const record: SurveyRecord = {
    code,
    definition: JSON.stringify(definition),
    description: description === null ? null : JSON.stringify(description),
    passwordHash: password === null ? null : await hashPassword(password),
    isDemo: options.isDemo,
  };
  const now = new Date(options.now).toISOString();
  if (options.mode === 'if-absent') {
    const created = await insertSurveyIfAbsent(db, record, now);
    return { ok: true, code, status: created ? 'created' : 'kept' };
  }
  const { created } = await upsertSurvey(db, record, now);
  return { ok: true, code, status: created ? 'created' : 'replaced' };
}
