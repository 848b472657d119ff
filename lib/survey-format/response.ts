import * as z from 'zod/mini';
import { contentSchema } from './content-schema';
import { shareConfigSchema } from './share-config';
import { textSchema } from './text-schema';
import { alertSchema } from './alert';
import { formatIsoWithOffset } from './iso-date';
import {
  booleanField,
  flag,
  forgiving,
  idSchema,
  nullableField,
  numberField,
  readAfter,
  stringField,
  stringRefSchema,
  withDefault,
  withFallback,
} from './schema-helpers';

/**
 * Bodies and answers of the response calls (spec §7, survey-format.md "Responses").
 * Dates are ISO-8601 strings with offset (`2026-11-22T10:30:00.000+01:00`).
 */

/**
 * Values of custom fields by name. Numbers are accepted and become strings. Also read from a list of
 * `{name, value}` entries, as a backend that keeps them as rows may write them.
 */
export const customFieldValuesSchema = readAfter(
  (value) => withoutUnreadableValues(entriesAsMap(value)),
  z.record(
    z.string(),
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value: string | number) => String(value)),
    ),
  ),
);

/** `[{name, value}]` as `{name: value}`; an entry without a name is left out. */
function entriesAsMap(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const named = value.filter(
    (entry): entry is { name: string; value?: unknown } =>
      typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string',
  );
  return Object.fromEntries(named.map((entry) => [entry.name, entry.value]));
}

/** A custom field whose value is not text or a number (`null`, a flag) is left out; the others are kept. */
function withoutUnreadableValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => typeof field === 'string' || typeof field === 'number'),
  );
}

// POST /v1/survey-response/{survey_code}/

/**
 * Names one attempt of a browser (survey-format.md "Exactly-once extensions"): a create repeated with the same key
 * answers the same response. Also the idempotency key of an e-mail request.
 */
export const clientKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, '16 to 64 letters, digits, - or _'));

/**
 * What a browser sends about itself, bounded: a backend stores it with the response, and an unbounded field would
 * let anyone park megabytes there (the answers have limits of their own).
 */
const fingerprintSchema = z.string().check(z.maxLength(128));
const clientSignatureSchema = z.string().check(z.maxLength(256));
/** An ISO-8601 date and time with its offset (`2026-11-22T10:30:00.000+01:00`, or `Z`). */
const isoDateTimeSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:\d\d)$/, 'an ISO-8601 date'));

/** An ISO-8601 date and time (above) that names a real moment (not `2026-13-45T…`). */
const readableDateTimeSchema = isoDateTimeSchema.check(z.refine((value) => Number.isFinite(Date.parse(value))));

const NAIVE_DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?$/;

/**
 * A date-time without an offset (`2026-11-22T10:30:00`, `2026-11-22 10:30:00`), as a backend that stores local
 * times writes it, is the device's local time, written with its offset. A day that does not exist (`2026-02-30`)
 * is left as it is, so it reads as no date.
 */
function naiveAsLocal(value: unknown): unknown {
  const parts = typeof value === 'string' ? NAIVE_DATE_TIME.exec(value) : null;
  if (!parts) return value;
  const part = (index: number) => Number(parts[index] ?? 0);
  const milliseconds = Math.trunc(Number(`0.${parts[7] ?? 0}`) * 1000);
  const date = new Date(part(1), part(2) - 1, part(3), part(4), part(5), part(6), milliseconds);
  const sameDay = date.getFullYear() === part(1) && date.getMonth() === part(2) - 1 && date.getDate() === part(3);
  return sameDay ? formatIsoWithOffset(date) : value;
}

export const createResponseBodySchema = z.object({
  survey: idSchema,
  fingerprint: fingerprintSchema,
  client_signature: clientSignatureSchema,
  start_date: isoDateTimeSchema,
  content: z.optional(contentSchema),
  client_key: z.optional(clientKeySchema),
});
export type CreateResponseBody = z.input<typeof createResponseBodySchema>;

/** A response code: a number (`12345`) is its decimal string. */
const responseCodeSchema = stringField(z.string().check(z.minLength(1)));

export const createResponseResultSchema = z.object({
  code: responseCodeSchema,
  id: idSchema,
  /** Not read by the app: a backend may leave it out. */
  survey: forgiving(idSchema),
  /** Authorises this browser's later writes (`Authorization: Bearer <token>`). Another backend may send none. */
  token: nullableField(stringRefSchema),
});
export type CreateResponseResult = z.output<typeof createResponseResultSchema>;

// GET /v1/survey-response/{response_code}/

/** Query of the read call (spec §7 lists them as its payload); all optional. */
export const getResponseParamsSchema = z.object({
  survey: z.optional(idSchema),
  fingerprint: z.optional(fingerprintSchema),
  client_signature: z.optional(clientSignatureSchema),
});
export type GetResponseParams = z.input<typeof getResponseParamsSchema>;

/**
 * Read tolerantly (survey-format.md "Conventions"): what the app does not act on, or can do without, takes its
 * default when another backend sends it in a harmless other shape (`[]` for an empty object, a string for a flag);
 * only what the app cannot work without (`code`, `content`) must be right.
 */
export const responseReadSchema = z.object({
  code: responseCodeSchema,
  /** Spec §7 does not list it: without one, the app uses the id it kept from the create, if any. */
  id: forgiving(idSchema),
  /** Empty for a completed response read without its token. */
  content: withDefault(contentSchema, {}),
  custom_fields: withFallback(customFieldValuesSchema, {}),
  /**
   * The timer counts from it: one that is empty or no ISO-8601 date (`""`, `"22/11/2026"`) is none, logged, and the
   * app counts from the moment it reads the response, as for a response without one. One without an offset is
   * local time (`naiveAsLocal`).
   */
  start_date: withFallback(z.nullable(readAfter(naiveAsLocal, readableDateTimeSchema)), null),
  created_date: withFallback(z.nullable(z.string()), null),
  expired_empty: flag(false),
  expired_partial: flag(false),
  is_desktop: flag(false),
  is_mobile: flag(false),
  is_tablet: flag(false),
  share_config: withFallback(z.nullable(shareConfigSchema), null),
  password: z.catch(z.nullish(z.union([z.boolean(), z.string()])), null),
  completed: flag(false),
  redirected: flag(false),
  response_is_completed: z.catch(z.nullish(booleanField(z.boolean())), null),
  token: forgiving(stringRefSchema),
  /** Added by us: the survey's code, so a resume link that names only the response can find its survey. */
  survey_code: forgiving(stringRefSchema),
  /** Added by us: the stored `seq`, so a device continuing the response saves above it (none when unusable). */
  seq: forgiving(numberField(z.number().check(z.int(), z.nonnegative()))),
});
export type ResponseRead = z.output<typeof responseReadSchema>;

// PATCH /v1/survey-response/{response_code}/ — the spec's six bodies, each with `seq`.

/**
 * Grows with every save of a response; a save whose seq is not newer than the stored one changes nothing. Capped at
 * 2^31, so a planted huge seq cannot make the server ignore every later save of the respondent.
 */
const seqSchema = z.number().check(z.int(), z.nonnegative(), z.maximum(2 ** 31));

/** (1) finish */
export const finishPatchSchema = z.object({
  seq: seqSchema,
  client_signature: clientSignatureSchema,
  content: contentSchema,
  completed: z.literal(true),
  redirected: z.boolean(),
  expired_empty: z.literal(false),
  expired_partial: z.literal(false),
});
/** (4) mark expired_partial, with the content so far */
export const expiredPartialPatchSchema = z.object({
  seq: seqSchema,
  content: contentSchema,
  expired_partial: z.literal(true),
});
/** (5) mark expired_empty */
export const expiredEmptyPatchSchema = z.object({
  seq: seqSchema,
  expired_empty: z.literal(true),
});
/** (3) mark redirected */
export const redirectedPatchSchema = z.object({
  seq: seqSchema,
  redirected: z.literal(true),
});
/** (6) set the start date */
export const startDatePatchSchema = z.object({
  seq: seqSchema,
  start_date: isoDateTimeSchema,
});
/** (2) save */
export const savePatchSchema = z.object({
  seq: seqSchema,
  content: contentSchema,
  expired_empty: z.literal(false),
  expired_partial: z.literal(false),
});

/**
 * Any PATCH body. Unknown keys are stripped, so the most specific forms come first (a finish body also has the
 * keys of a save).
 */
export const patchResponseBodySchema = z.union([
  finishPatchSchema,
  expiredPartialPatchSchema,
  expiredEmptyPatchSchema,
  redirectedPatchSchema,
  startDatePatchSchema,
  savePatchSchema,
]);
export type PatchResponseBody = z.output<typeof patchResponseBodySchema>;
export type PatchResponseBodyInput = z.input<typeof patchResponseBodySchema>;
export type FinishPatch = z.output<typeof finishPatchSchema>;

export type PatchKind = 'finish' | 'save' | 'redirected' | 'expired_partial' | 'expired_empty' | 'start_date';

/** Which of the six forms a parsed PATCH body is. */
export function patchKind(body: PatchResponseBody): PatchKind {
  if ('completed' in body) return 'finish';
  if ('expired_partial' in body && body.expired_partial) return 'expired_partial';
  if ('expired_empty' in body && body.expired_empty) return 'expired_empty';
  if ('redirected' in body) return 'redirected';
  if ('start_date' in body) return 'start_date';
  return 'save';
}

/**
 * The `code` of our backend's 409 to a save or a finish of a response whose time ran out (marked `expired_partial` or
 * `expired_empty`): like a finished one, it takes no more answers. The browser shows the time-limit message.
 */
export const RESPONSE_EXPIRED = 'response_expired';

/** What our backend answers to a PATCH (the spec leaves it open): the stored state after the call. */
export const patchResponseResultSchema = z.object({
  code: z.string(),
  seq: z.nullish(seqSchema),
  completed: z.nullish(z.boolean()),
});
export type PatchResponseResult = z.output<typeof patchResponseResultSchema>;

// POST /v1/survey-email-response-queue/{response_code}/

export const emailQueueBodySchema = z.object({
  template: nullableField(z.union([z.number(), z.string()])),
  email_config: nullableField(z.record(z.string(), z.unknown())),
  subject: nullableField(textSchema),
  /** The respondent's address. */
  email: z.string().check(z.minLength(1)),
  attach_excel: flag(false),
  /** Added by us: a repeated request with the same key queues nothing new. */
  client_key: z.optional(clientKeySchema),
});
export type EmailQueueBody = z.input<typeof emailQueueBodySchema>;

// POST /v1/survey-alert-queue/{response_code}/{alert_id}/

/** "The alert" (spec §7): the survey's alert entry. */
export const alertQueueBodySchema = z.object({ ...alertSchema.shape });
export type AlertQueueBody = z.input<typeof alertQueueBodySchema>;

// POST /v2/surveys/check-password-repository/

export const checkPasswordBodySchema = z.object({
  survey_id: idSchema,
  password: z.string(),
});
export type CheckPasswordBody = z.input<typeof checkPasswordBodySchema>;

export const checkPasswordResultSchema = z.object({
  /** Only a readable yes lets the respondent in: anything else is a wrong password, never an error. */
  is_valid: flag(false),
  /** Tolerant: a backend may send `[]` for no fields; the right password must never turn into an error. */
  custom_fields: withFallback(customFieldValuesSchema, {}),
  /** Added by us: send as `Authorization: Bearer <access_token>` to read-survey to get the gated content. */
  access_token: forgiving(stringRefSchema),
});
export type CheckPasswordResult = z.output<typeof checkPasswordResultSchema>;

// POST /v1/upload/file/ (multipart: survey, question_id, file, response_id, hash_code)

export const uploadFieldsSchema = z.object({
  survey: idSchema,
  question_id: idSchema,
  /** Left out for a response known without its id (spec §7's read has none). */
  response_id: z.nullable(idSchema),
  hash_code: z.string(),
});
export type UploadFields = z.input<typeof uploadFieldsSchema>;

export const uploadResultSchema = z.object({
  /** The upload id stored in `content`; numbers become strings. */
  id: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value: string | number) => String(value)),
  ),
  /** Not read by the app (it keeps the file's own name): a backend may leave them out. */
  name: forgiving(z.string()),
  size: forgiving(numberField(z.number().check(z.nonnegative()))),
  type: forgiving(z.string()),
});
export type UploadResult = z.output<typeof uploadResultSchema>;
