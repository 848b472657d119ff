/*
 * No value imports of axios or zod here: this module is on the survey page's critical path (every component that
 * shows an API error uses it), while the client that throws these errors is loaded only once the page is live.
 * Their errors are recognised by shape instead.
 */

type AxiosLikeError = {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; headers?: unknown; data?: unknown };
};

function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

function isAxiosCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}

/** zod's classic API names its errors `ZodError`, its functional one (`zod/mini`, the response calls') `$ZodError`. */
function isZodError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ZodError' || error.name === '$ZodError') &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

import { closeReasons, type CloseReason } from '@/lib/survey-format/close-reasons';

/** Keys of the error catalogue (spec §8); the UI translates them. */
export const errorKeys = [
  'authentication_error',
  'unauthorized',
  'not_found',
  'rate_exceed',
  'system_messages_unique_responses',
  'unexpected_error',
  'access_error',
] as const;
export type ErrorKey = (typeof errorKeys)[number];

/** Each key's message (`api` in messages/*.json), spelled out so that every one is checked against the messages. */
export const errorMessageKeys = {
  authentication_error: 'api.authentication_error',
  unauthorized: 'api.unauthorized',
  not_found: 'api.not_found',
  rate_exceed: 'api.rate_exceed',
  system_messages_unique_responses: 'api.system_messages_unique_responses',
  unexpected_error: 'api.unexpected_error',
  access_error: 'api.access_error',
} as const satisfies Record<ErrorKey, string>;

/** Statuses with their own catalogue entry (spec §8), plus 406, which the spec also keeps out of reports. */
const CATALOGUE_STATUSES = new Set([401, 403, 404, 406, 409, 429]);

/** The catalogue key of an HTTP status (spec §8). */
export function catalogueKeyForStatus(status: number | undefined): ErrorKey {
  switch (status) {
    case 403:
      return 'authentication_error';
    case 401:
      return 'unauthorized';
    case 404:
      return 'not_found';
    case 429:
      return 'rate_exceed';
    case 409:
      return 'system_messages_unique_responses';
    default:
      return 'unexpected_error';
  }
}

export interface ApiErrorInit {
  key: ErrorKey;
  status?: number;
  isNetwork?: boolean;
  isCanceled?: boolean;
  retryAfterMs?: number;
  code?: string;
  closeReason?: CloseReason;
  cause?: unknown;
  message?: string;
}

/** Every failure of the API client: a catalogue key plus what is known about the HTTP exchange. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Catalogue key (spec §8). */
  readonly key: ErrorKey;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** No response arrived (offline, DNS, connection reset, time-out). */
  readonly isNetwork: boolean;
  /** The request was aborted by its caller. Never shown, retried or reported. */
  readonly isCanceled: boolean;
  /** From `Retry-After` (seconds or HTTP date), in milliseconds from when the answer was read. */
  readonly retryAfterMs?: number;
  /** `code` of a JSON error body (`{"code": "…"}`). */
  readonly code?: string;
  /** Why a write was refused as to a closed survey (`{"code": "survey_closed", "close_reason": …}`). */
  readonly closeReason?: CloseReason;

  constructor(init: ApiErrorInit) {
    super(init.message ?? `${init.key}${init.status ? ` (HTTP ${init.status})` : ''}`, { cause: init.cause });
    this.key = init.key;
    this.status = init.status;
    this.isNetwork = init.isNetwork ?? false;
    this.isCanceled = init.isCanceled ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.code = init.code;
    this.closeReason = init.closeReason;
  }
}

/** `Retry-After` as milliseconds: delay-seconds, or an HTTP date (relative to `now`); `undefined` if unusable. */
export function parseRetryAfter(value: unknown, now: number = Date.now()): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its day and month (`Sun, 22 Nov 2026 10:00:30 GMT`); bare numbers like "-5" are not dates.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function headerValue(headers: unknown, name: string): unknown {
  if (!headers || typeof headers !== 'object') return undefined;
  const getter = (headers as { get?: unknown }).get;
  if (typeof getter === 'function') {
    const value: unknown = getter.call(headers, name);
    if (value !== undefined && value !== null) return value;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function bodyField(data: unknown, name: string): string | undefined {
  let body = data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return undefined;
    }
  }
  if (body && typeof body === 'object' && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * A write refused because the survey closed meanwhile (by its author, its maximum of responses, its end date): the
 * respondent is told which, not the 403's password message. An unknown reason reads as closed by the author.
 */
function closeReasonOf(data: unknown): CloseReason | undefined {
  if (bodyField(data, 'code') !== 'survey_closed') return undefined;
  const reason = bodyField(data, 'close_reason')?.toLowerCase();
  return closeReasons.find((known) => known === reason) ?? 'author';
}

/** Converts anything thrown around a request into an `ApiError`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosCancel(error)) {
    return new ApiError({ key: 'unexpected_error', isCanceled: true, cause: error, message: 'Request canceled' });
  }
  if (isAxiosLikeError(error)) {
    if (error.code === 'ERR_CANCELED') {
      return new ApiError({ key: 'unexpected_error', isCanceled: true, cause: error, message: 'Request canceled' });
    }
    const response = error.response;
    if (!response) {
      return new ApiError({ key: 'unexpected_error', isNetwork: true, cause: error, message: error.message });
    }
    return new ApiError({
      key: catalogueKeyForStatus(response.status),
      status: response.status,
      retryAfterMs: parseRetryAfter(headerValue(response.headers, 'retry-after')),
      code: bodyField(response.data, 'code'),
      closeReason: closeReasonOf(response.data),
      cause: error,
    });
  }
  if (isZodError(error)) {
    return new ApiError({ key: 'access_error', cause: error, message: 'Malformed answer' });
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new ApiError({ key: 'unexpected_error', isCanceled: true, cause: error, message: 'Request canceled' });
  }
  return new ApiError({
    key: 'unexpected_error',
    cause: error,
    message: error instanceof Error ? error.message : 'Unexpected error',
  });
}

/** Worth trying again: network errors, 408, 429 and 5xx. */
export function isRetryable(error: unknown): boolean {
  const apiError = toApiError(error);
  if (apiError.isCanceled) return false;
  if (apiError.isNetwork) return true;
  const status = apiError.status;
  return status === 408 || status === 429 || (status !== undefined && status >= 500);
}

/**
 * Sent to the error-reporting service: only unexpected errors (spec §8) — not network errors, not cancellations,
 * not the catalogue statuses 401/403/404/409/429 nor 406.
 */
export function shouldReport(error: unknown): boolean {
  const apiError = toApiError(error);
  if (apiError.isNetwork || apiError.isCanceled) return false;
  if (apiError.status !== undefined && CATALOGUE_STATUSES.has(apiError.status)) return false;
  return apiError.key === 'unexpected_error';
}
