import 'server-only';

import type { CheckPasswordResult } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { ApiError } from '../http/api-error';
import { verifyPassword } from '../security/password-hash';
import { requireSurveyById } from '../surveys/load-survey';
import { openGate } from './survey-gate';

export const PASSWORD_WINDOW_MS = 60_000;
export const MAX_WRONG_PASSWORDS = 5;

interface PasswordCheck {
  surveyId: number;
  password: string;
  /** Rate-limit key of the caller (see clientAddress). */
  client: string;
  now: number;
}

/**
 * Reserves a check for this survey and client, or refuses with 429 when the last 60 s already hold five wrong
 * (or in-flight) tries. Reserving before hashing keeps concurrent requests from all slipping past the count.
 */
async function reserveAttempt(db: Db, { surveyId, client, now }: PasswordCheck): Promise<number> {
  return withLock(db, `password:${surveyId}`, async (trx) => {
    await trx
      .deleteFrom('password_attempts')
      .where('survey_id', '=', surveyId)
      .where('attempted_at', '<=', now - PASSWORD_WINDOW_MS)
      .execute();
    const recent = await trx
      .selectFrom('password_attempts')
      .select('attempted_at')
      .where('survey_id', '=', surveyId)
      .where('client', '=', client)
      .orderBy('attempted_at')
      .execute();
    const oldest = recent[0];
    if (recent.length >= MAX_WRONG_PASSWORDS && oldest !== undefined) {
      const retryAfter = Math.max(1, Math.ceil((oldest.attempted_at + PASSWORD_WINDOW_MS - now) / 1000));
      throw new ApiError(
        429,
        'rate_exceed',
        `Too many wrong passwords for this survey; try again in ${retryAfter} seconds.`,
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
    const attempt = await trx
      .insertInto('password_attempts')
      .values({ survey_id: surveyId, client, attempted_at: now, outcome: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return attempt.id;
  });
}

export async function checkPassword(db: Db, check: PasswordCheck): Promise<CheckPasswordResult> {
  const loaded = await requireSurveyById(db, check.surveyId);
  const passwordHash = loaded.passwordHash;
  // A survey without a password has no gate; there is nothing to unlock and no token to hand out.
  if (passwordHash === null) return { is_valid: true, custom_fields: {} };

  const attemptId = await reserveAttempt(db, check);
  const valid = await verifyPassword(check.password, passwordHash);
  if (!valid) {
    await db.updateTable('password_attempts').set({ outcome: 'wrong' }).where('id', '=', attemptId).execute();
    return { is_valid: false, custom_fields: {} };
  }
  // Right answers do not count toward the limit.
  await db.deleteFrom('password_attempts').where('id', '=', attemptId).execute();
  const accessToken = await openGate(db, { id: loaded.id, passwordHash }, check.now);
  return { is_valid: true, custom_fields: {}, access_token: accessToken };
}
