import 'server-only';

import type { z } from 'zod';

import { isValidEmail } from '@/lib/email-address';
import { getServerEnv } from '@/lib/env';
import { emailFieldKey, type Content, urlParamKey } from '@/lib/survey-format/content';
import type { emailQueueBodySchema } from '@/lib/survey-format/response';
import type { ResponseEmail } from '@/lib/survey-format/response-email';
import type { Survey } from '@/lib/survey-format/survey';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import type { ResponseRow } from '../db/schema';
import { ApiError, badRequest, conflict, forbidden } from '../http/api-error';
import { requireOwnedResponse } from '../responses/response-access';
import { parseContent } from '../responses/response-repository';
import { consumeRateLimit } from '../security/rate-limit';
import { requireSurveyById } from '../surveys/load-survey';

export type EmailJob = z.output<typeof emailQueueBodySchema>;

export interface QueuedEmail {
  row: { id: number; status: string };
  /** `false` when the request repeated one already queued: nothing new was queued. */
  created: boolean;
}

/** Answer-later e-mails one response may ask for: enough to fix a typo, too few to mail-bomb anyone. */
export const MAX_ANSWER_LATER_EMAILS = 3;

/** What the mail worker receives: only what the survey's configuration allows, never the caller's template. */
type EmailPayload =
  | {
      kind: 'response';
      email: string;
      template: string | number | null;
      subject: ResponseEmail['subject'];
      email_config: Record<string, unknown>;
      attach_excel: boolean;
    }
  | { kind: 'answer_later'; email: string; template: string | number | null; resume_url: string };

/** The kind of a queued e-mail, from the payload this module wrote; `null` for one it cannot read. */
function payloadKind(payload: string): EmailPayload['kind'] | null {
  try {
    const kind: unknown = (JSON.parse(payload) as { kind?: unknown }).kind;
    return kind === 'response' || kind === 'answer_later' ? kind : null;
  } catch {
    return null;
  }
}

/** The address the survey's response e-mail is configured to go to, as this response answered it. */
function configuredAddress(survey: Survey, content: Content): string | undefined {
  const config = survey.response_email;
  if (!config?.email_source) return undefined;
  const key =
    config.email_source_type === 'url_param'
      ? urlParamKey(config.email_source)
      : config.email_source_type === 'email_field'
        ? emailFieldKey(config.email_source)
        : config.email_source;
  return content[key]?.[0]?.trim();
}

/**
 * The resume link of this very response (`/{lang}/survey-resume?code=…&survey=…`), as the answer-later e-mail may
 * carry it: on `PUBLIC_URL` when one is configured, else as a path the mail worker puts on the public origin. Any
 * other link (another site, another response) is refused: the queue must not mail what a caller chose.
 */
function resumeUrlOf(raw: unknown, response: ResponseRow, surveyCode: string): string {
  const publicUrl = getServerEnv().PUBLIC_URL;
  let url: URL;
  try {
    url = new URL(typeof raw === 'string' ? raw : '', publicUrl ?? 'http://resume.invalid');
  } catch {
    throw badRequest('invalid_resume_url', 'email_config.resume_url is not a URL.');
  }
  const sameOrigin = publicUrl ? url.origin === new URL(publicUrl).origin : true;
  const ownLink =
    /^(\/[A-Za-z-]{2,14})?\/survey-resume$/.test(url.pathname) &&
    url.searchParams.get('code') === response.code &&
    url.searchParams.get('survey') === surveyCode &&
    ['http:', 'https:'].includes(url.protocol);
  if (!sameOrigin || !ownLink) {
    throw badRequest('invalid_resume_url', "email_config.resume_url must be this app's resume link of the response.");
  }
  // Rebuilt from what was checked: nothing else the caller wrote (a message, another link) goes into the e-mail.
  const query = new URLSearchParams({ code: response.code, survey: surveyCode });
  const path = `${url.pathname}?${query.toString()}`;
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}

/**
 * E-mails one caller may have queued, and one address may receive, in an hour: each response may ask for a few, but
 * anyone may create responses, so without these one caller could mail one address hundreds of times.
 */
export const EMAILS_PER_CLIENT = { limit: 30, windowMs: 3_600_000 } as const;
export const EMAILS_PER_ADDRESS = { limit: 10, windowMs: 3_600_000 } as const;

/**
 * The mailbox an address reaches, for its limit: in any case, and without a `+tag` (`ana+1@…` and `ana+2@…` land in
 * one inbox at most providers), so tags cannot spread one person's mail over many limits.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  return at < 0 ? lower : `${lower.slice(0, at).replace(/\+.*$/, '')}${lower.slice(at)}`;
}

/**
 * Queues an e-mail for the mail worker (not part of this app), only as the survey allows:
 * - for a finished response, its response e-mail — when the survey has one, to the address the response itself
 *   gave at the configured source, with the survey's template and subject — once;
 * - for an unfinished one, an answer-later e-mail — when the survey offers it, carrying this response's own resume
 *   link — at most `MAX_ANSWER_LATER_EMAILS` times (429 beyond).
 * The body's template and subject are never used. Idempotent: a request repeating the `client_key` of one already
 * queued (its answer was lost) answers that one and queues nothing.
 */
export async function enqueueEmail(
  db: Db,
  responseCode: string,
  token: string | undefined,
  job: EmailJob,
  now: number,
  client: string,
): Promise<QueuedEmail> {
  const response = await requireOwnedResponse(db, responseCode, token);
  const { survey, code: surveyCode } = await requireSurveyById(db, response.survey_id);
  const address = job.email.trim();
  if (!isValidEmail(address)) throw badRequest('invalid_email', 'email is not a valid e-mail address.');

  // A repeat of one already queued (its answer was lost) is answered before the limits, which it must not use up.
  const clientKey = job.client_key ?? null;
  if (clientKey !== null) {
    const repeated = await db
      .selectFrom('email_queue')
      .select(['id', 'status'])
      .where('response_id', '=', response.id)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
    if (repeated) return { row: repeated, created: false };
  }
  await consumeRateLimit(db, { bucket: `email:client:${client}`, ...EMAILS_PER_CLIENT }, now);
  await consumeRateLimit(db, { bucket: `email:to:${mailboxOf(address)}`, ...EMAILS_PER_ADDRESS }, now);

  // Under a lock: concurrent requests, on one instance or several, can neither pass the count together nor queue
  // one `client_key` twice.
  return withLock(db, `email:${response.id}`, async (trx) => {
    const earlier = trx
      .selectFrom('email_queue')
      .select(['id', 'status'])
      .where('response_id', '=', response.id)
      .orderBy('id');
    const repeated =
      clientKey !== null ? await earlier.where('client_key', '=', clientKey).executeTakeFirst() : undefined;
    if (repeated) return { row: repeated, created: false };

    let payload: EmailPayload;
    if (response.completed === 1) {
      // An answer-later request (it carries its resume link) from a page left open while another device finished the
      // response: there is nothing left to continue, which the page says as it says any finish elsewhere.
      if (job.email_config?.resume_url !== undefined) {
        throw conflict('response_completed', 'This response is finished and can no longer be continued.');
      }
      const config = survey.response_email;
      if (!config) throw forbidden('email_not_enabled', 'This survey sends no e-mail with the answers.');
      if (configuredAddress(survey, parseContent(response))?.toLowerCase() !== address.toLowerCase()) {
        throw forbidden('email_mismatch', 'The answers go only to the address the response gave.');
      }
      // Once per response: an answer-later e-mail it asked for before it was finished is no response e-mail.
      const rows = await earlier.select('payload').execute();
      const responseEmail = rows.find((row) => payloadKind(row.payload) === 'response');
      if (responseEmail) return { row: { id: responseEmail.id, status: responseEmail.status }, created: false };
      payload = {
        kind: 'response',
        email: address,
        template: config.template_id,
        subject: config.subject,
        email_config: config.email_config ?? {},
        attach_excel: config.attach_excel,
      };
    } else {
      if (!survey.share_config.answer_later) {
        throw forbidden('email_not_enabled', 'This survey does not offer to answer later.');
      }
      const sent = await earlier.execute();
      if (sent.length >= MAX_ANSWER_LATER_EMAILS) {
        throw new ApiError(
          429,
          'rate_exceed',
          'This response has asked for enough e-mails.',
          {},
          { 'Retry-After': '3600' },
        );
      }
      payload = {
        kind: 'answer_later',
        email: address,
        template: survey.share_config.answer_later_email_template_id,
        resume_url: resumeUrlOf(job.email_config?.resume_url, response, surveyCode),
      };
    }

    const row = await trx
      .insertInto('email_queue')
      .values({
        response_id: response.id,
        payload: JSON.stringify(payload),
        created_at: new Date(now).toISOString(),
        client_key: clientKey,
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    return { row, created: true };
  });
}
