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
import { closedError, closeReasonOf } from '../surveys/survey-status';
import { deviceFromUserAgent, type DeviceFlags } from './device';
import { hasFinishedResponse, serializeContent } from './response-repository';

/** The spec's body, plus optional device flags a client may send instead of relying on the User-Agent. */
export const createResponseRequestSchema = createResponseBodySchema.extend({
  is_desktop: z.boolean().optional(),
  is_mobile: z.boolean().optional(),
  is_tablet: z.boolean().optional(),
});
export type CreateResponseRequest = z.output<typeof createResponseRequestSchema>;

/** 16 random bytes: 128 bits, above the 96 the format asks for a resume capability. */
/** 22 letters and digits: 130 random bits (survey-format.md asks for at least 96). */
const RESPONSE_CODE_LENGTH = 22;
const MINUTE_MS = 60_000;

interface CreateResponseInput {
  surveyCode: string;
  body: CreateResponseRequest;
  gateToken: string | undefined;
  userAgent: string | null;
  now: number;
}

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

export async function createResponse(db: Db, input: CreateResponseInput): Promise<CreateResponseResult> {
  const { body, now } = input;
  const loaded = await requireSurveyByCode(db, input.surveyCode);
  if (body.survey !== loaded.id) {
    throw badRequest('survey_mismatch', `The body names survey ${body.survey}, but the URL is survey ${loaded.id}.`);
  }
  if (!(await isGateOpen(db, loaded, input.gateToken, now))) {
    throw forbidden('password_required', 'This survey needs its password first (check-password-repository).');
  }
  const closeReason = closeReasonOf(loaded.survey, await countFinishedResponses(db, loaded.id), now);
  if (closeReason !== null) throw closedError(closeReason);
  await assertMayRespond(db, loaded, body.fingerprint, now);

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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { code, id: row.id, survey: loaded.id, token };
}
