import 'server-only';

import type { Db } from '../db/create-db';
import { getAppSecret } from '../security/app-secret';
import { issueGateToken, verifyGateToken } from '../security/gate-token';
import type { LoadedSurvey } from '../surveys/load-survey';

/** True when the survey has no password, or `token` is a live gate token for its current password. */
export async function isGateOpen(
  db: Db,
  survey: Pick<LoadedSurvey, 'id' | 'passwordHash'>,
  token: string | undefined,
  now: number,
): Promise<boolean> {
  if (survey.passwordHash === null) return true;
  if (token === undefined) return false;
  const secret = await getAppSecret(db);
  return verifyGateToken(secret, { surveyId: survey.id, passwordHash: survey.passwordHash }, token, now);
}

export async function openGate(db: Db, survey: { id: number; passwordHash: string }, now: number): Promise<string> {
  const secret = await getAppSecret(db);
  return issueGateToken(secret, { surveyId: survey.id, passwordHash: survey.passwordHash }, now);
}
