import 'server-only';

import type { CheckPasswordResult } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { ApiError } from '../http/api-error';
import { createConcurrencyLimit } from '../security/concurrency-limit';
import { verifyPassword } from '../security/password-hash';
import { requireSurveyById } from '../surveys/load-survey';
import { openGate } from './survey-gate';

export const PASSWORD_WINDOW_MS = 60_000;
/** Wrong (or in-flight) tries per survey and client within the window. */
export const MAX_WRONG_PASSWORDS = 5;
/**
 * Wrong tries per survey from all clients within the window: a guesser rotating addresses (or behind a trusted
 * proxy it can feed) meets this one. A class typing one password together stays far below it.
 */
export const MAX_WRONG_PASSWORDS_PER_SURVEY = 60;

/** Password hashes at once, and waiting: a burst of guesses queues or is refused instead of starving the server. */
const hashSlots = createConcurrencyLimit(2, 8, 'The server is busy checking passwords');

interface PasswordCheck {
  surveyId: number;
  password: string;
  /** Rate-limit key of the caller (see clientAddress). */
  client: string;
  now: number;
}

function tooMany(oldest: number, now: number, detail: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((oldest + PASSWORD_WINDOW_MS - now) / 1000));
  return new ApiError(
    429,
    'rate_exceed',
    `${detail}; try again in ${retryAfter} seconds.`,
    {},
    {
      'Retry-After': String(retryAfter),
    },
  );
}

/**
 * Reserves a check for this survey and client, or refuses with 429 when the last 60 s already hold five wrong
 * (or in-flight) tries from this client, or too many from everyone for this survey. Reserving before hashing keeps
 * concurrent requests from all slipping past the count.
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
      .select(['attempted_at', 'client'])
      .where('survey_id', '=', surveyId)
      .orderBy('attempted_at')
      .execute();
    const mine = recent.filter((attempt) => attempt.client === client);
    if (mine.length >= MAX_WRONG_PASSWORDS) {
      throw tooMany(mine[0]!.attempted_at, now, 'Too many wrong passwords for this survey');
    }
    if (recent.length >= MAX_WRONG_PASSWORDS_PER_SURVEY) {
      throw tooMany(recent[0]!.attempted_at, now, 'Too many wrong passwords for this survey from everyone');
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
  let valid: boolean;
  try {
    valid = await hashSlots(() => verifyPassword(check.password, passwordHash));
  } catch (error) {
    // Turned away before any check: the try does not count against the respondent.
    await db.deleteFrom('password_attempts').where('id', '=', attemptId).execute();
    throw error;
  }
  if (!valid) {
    await db.updateTable('password_attempts').set({ outcome: 'wrong' }).where('id', '=', attemptId).execute();
    return { is_valid: false, custom_fields: {} };
  }
  // Right answers do not count toward the limit.
  await db.deleteFrom('password_attempts').where('id', '=', attemptId).execute();
  const accessToken = await openGate(db, { id: loaded.id, passwordHash }, check.now);
  return { is_valid: true, custom_fields: {}, access_token: accessToken };
}
