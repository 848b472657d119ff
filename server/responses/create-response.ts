import 'server-only';

import { z } from 'zod';

import { createResponseBodySchema, type CreateResponseResult } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { badRequest, conflict, forbidden } from '../http/api-error';
import { isGateOpen } from '../passwords/survey-gate';
import { getAppSecret } from '../security/app-secret';
import { randomAlphanumeric, responseTokenFor, sha256Hex } from '../security/random-token';
import { requireSurveyByCode, type LoadedSurvey } from '../surveys/load-survey';
import { countFinishedResponses } from '../surveys/survey-repository';
import { closeReasonOf } from '@/lib/survey-format/survey-status';
import { closedError } from '../surveys/survey-status';
import { deviceFromUserAgent, type DeviceFlags } from './device';
import { consumeRateLimit } from '../security/rate-limit';
import { checkContentLimits } from './content-limits';
import { hasFinishedResponse, serializeContent } from './response-repository';

/** The spec's body, plus optional device flags a client may send instead of relying on the User-Agent. */
export const createResponseRequestSchema = z.object({
  ...createResponseBodySchema.shape,
  is_desktop: z.boolean().optional(),
  is_mobile: z.boolean().optional(),
  is_tablet: z.boolean().optional(),
});
export type CreateResponseRequest = z.output<typeof createResponseRequestSchema>;

/** 22 letters and digits: 130 random bits (survey-format.md asks for at least 96). */
const RESPONSE_CODE_LENGTH = 22;
const MINUTE_MS = 60_000;

interface CreateResponseInput {
  surveyCode: string;
  body: CreateResponseRequest;
  gateToken: string | undefined;
  userAgent: string | null;
  /** The caller's address (clientAddress), for the creation limits. */
  client: string;
  now: number;
}

/**
 * New responses one address may start on one survey in 10 minutes: a class of 40 behind one school router,
 * each starting twice, stays well below; a script creating responses in a loop does not.
 */
export const CREATES_PER_CLIENT = { limit: 120, windowMs: 10 * MINUTE_MS };
/** New responses of one survey from everyone in a minute: a survey going viral, not a flood. */
export const CREATES_PER_SURVEY = { limit: 3_000, windowMs: MINUTE_MS };

function deviceFlags(body: CreateResponseRequest, userAgent: string | null): DeviceFlags {
  if (body.is_desktop === undefined && body.is_mobile === undefined && body.is_tablet === undefined) {
    return deviceFromUserAgent(userAgent);
  }
  return {
    is_desktop: body.is_desktop ?? false,
    is_mobile: body.is_mobile ?? false,
    is_tablet: body.is_tablet ?? false,
  };
}

/**
 * Unique responses: with multiple responses off, one finished response per browser fingerprint; with a wait
 * time, none finished within it. An empty fingerprint identifies nobody, so it is never refused.
 */
async function assertMayRespond(db: Db, loaded: LoadedSurvey, fingerprint: string, now: number): Promise<void> {
  if (fingerprint === '') return;
  const share = loaded.survey.share_config;
  const since =
    share.multiple_responses && share.multiple_responses_time !== null
      ? new Date(now - share.multiple_responses_time * MINUTE_MS).toISOString()
      : undefined;
  if (share.multiple_responses && since === undefined) return;
  if (await hasFinishedResponse(db, loaded.id, fingerprint, since)) {
    throw conflict('unique_response', 'You have already completed the survey you are trying to access.');
  }
}

/** What a create answers, and whether it made a new response (201) or found the one its key named (200). */
export interface CreatedResponse {
  response: CreateResponseResult;
  created: boolean;
}

/** The response a browser's earlier create with this key made, answered again as it was the first time. */
async function replayed(db: Db, surveyId: number, clientKey: string): Promise<CreatedResponse | null> {
  const row = await db
    .selectFrom('responses')
    .select(['code', 'id'])
    .where('survey_id', '=', surveyId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  if (row === undefined) return null;
  const token = responseTokenFor(await getAppSecret(db), row.code);
  return { response: { code: row.code, id: row.id, survey: surveyId, token }, created: false };
}

/**
 * Starts a response. A create that carries a `client_key` already used for this survey is a replay (its answer was
 * lost, the page reloaded, another tab sent it): it answers the same response and changes nothing, even when the
 * survey closed or the response finished since. Two racing creates with one key store one row: the loser's insert
 * does nothing and it answers the winner's response.
 */
export async function createResponse(db: Db, input: CreateResponseInput): Promise<CreatedResponse> {
  const { body, now } = input;
  const loaded = await requireSurveyByCode(db, input.surveyCode);
  if (body.survey !== loaded.id) {
    throw badRequest('survey_mismatch', `The body names survey ${body.survey}, but the URL is survey ${loaded.id}.`);
  }
  if (!(await isGateOpen(db, loaded, input.gateToken, now))) {
    throw forbidden('password_required', 'This survey needs its password first (check-password-repository).');
  }
  const clientKey = body.client_key ?? null;
  if (clientKey !== null) {
    const earlier = await replayed(db, loaded.id, clientKey);
    if (earlier) return earlier;
  }
  const closeReason = closeReasonOf(loaded.survey, await countFinishedResponses(db, loaded.id), now);
  if (closeReason !== null) throw closedError(closeReason);
  await assertMayRespond(db, loaded, body.fingerprint, now);
  if (body.content) checkContentLimits(loaded.survey, body.content);
  // Counted only for new responses: a replayed create (above) is free.
  await consumeRateLimit(db, { bucket: `create:${loaded.id}:${input.client}`, ...CREATES_PER_CLIENT }, now);
  await consumeRateLimit(db, { bucket: `create:${loaded.id}`, ...CREATES_PER_SURVEY }, now);

  const code = randomAlphanumeric(RESPONSE_CODE_LENGTH);
  const token = responseTokenFor(await getAppSecret(db), code);
  const device = deviceFlags(body, input.userAgent);
  const row = await db
    .insertInto('responses')
    .values({
      code,
      survey_id: loaded.id,
      token_hash: sha256Hex(token),
      fingerprint: body.fingerprint,
      client_signature: body.client_signature,
      content: serializeContent(body.content ?? {}),
      start_date: body.start_date,
      created_date: new Date(now).toISOString(),
      is_desktop: device.is_desktop ? 1 : 0,
      is_mobile: device.is_mobile ? 1 : 0,
      is_tablet: device.is_tablet ? 1 : 0,
      client_key: clientKey,
    })
    .onConflict((conflict) => conflict.columns(['survey_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) {
    const winner = clientKey === null ? null : await replayed(db, loaded.id, clientKey);
    if (winner === null) throw new Error(`Response insert for survey ${loaded.id} stored nothing`);
    return winner;
  }
  return { response: { code, id: row.id, survey: loaded.id, token }, created: true };
}
