import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ApiError, catalogueKeyForStatus, isRetryable, parseRetryAfter, shouldReport, toApiError } from './errors';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function httpError(status: number, headers: Record<string, string> = {}, data: unknown = null): AxiosError {
  const response: AxiosResponse = {
    status,
    statusText: '',
    data,
    headers: AxiosHeaders.from(headers),
    config,
  };
  return new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, {}, response);
}

describe('catalogueKeyForStatus', () => {
  it.each([
    [403, 'authentication_error'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [429, 'rate_exceed'],
    [409, 'system_messages_unique_responses'],
    [400, 'unexpected_error'],
    [406, 'unexpected_error'],
    [500, 'unexpected_error'],
    [undefined, 'unexpected_error'],
  ] as const)('%s → %s', (status, key) => {
    expect(catalogueKeyForStatus(status)).toBe(key);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads seconds', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 2 ', now)).toBe(2000);
    expect(parseRetryAfter(3, now)).toBe(3000);
  });

  it('reads an HTTP date', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores garbage', () => {
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('toApiError', () => {
  it('maps an HTTP error with status, Retry-After and body code', () => {
    const error = toApiError(httpError(429, { 'Retry-After': '7' }, { code: 'slow_down' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.key).toBe('rate_exceed');
    expect(error.status).toBe(429);
    expect(error.isNetwork).toBe(false);
    expect(error.retryAfterMs).toBe(7000);
    expect(error.code).toBe('slow_down');
  });

  it('reads a code from a JSON text body and ignores other bodies', () => {
    expect(toApiError(httpError(409, {}, '{"code":"finished"}')).code).toBe('finished');
    expect(toApiError(httpError(500, {}, '<html>')).code).toBeUndefined();
    expect(toApiError(httpError(500, {}, { code: 5 })).code).toBeUndefined();
  });

  it('reads why a write was refused as to a closed survey, and only then', () => {
    const closed = (body: unknown) => toApiError(httpError(403, {}, body)).closeReason;
    expect(closed({ code: 'survey_closed', close_reason: 'max_responses' })).toBe('max_responses');
    expect(closed('{"code":"survey_closed","close_reason":"END_DATE"}')).toBe('end_date');
    // Another backend's reason this app does not know: closed, as by its author.
    expect(closed({ code: 'survey_closed', close_reason: 'paused' })).toBe('author');
    expect(closed({ code: 'survey_closed' })).toBe('author');
    expect(closed({ code: 'bad_password', close_reason: 'author' })).toBeUndefined();
    expect(closed('<html>')).toBeUndefined();
  });

  it('maps a network error', () => {
    const error = toApiError(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    expect(error.isNetwork).toBe(true);
    expect(error.key).toBe('unexpected_error');
    expect(error.status).toBeUndefined();
  });

  it('maps a cancellation', () => {
    expect(toApiError(new CanceledError()).isCanceled).toBe(true);
    expect(toApiError(new DOMException('aborted', 'AbortError')).isCanceled).toBe(true);
  });

  it('maps a zod error to access_error', () => {
    const result = z.object({ a: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(toApiError(result.error).key).toBe('access_error');
  });

  it('maps an error of zod/mini, which the response calls use, to access_error', () => {
    const result = zm.safeParse(zm.object({ a: zm.string() }), {});
    expect(result.success).toBe(false);
    if (!result.success) expect(toApiError(result.error).key).toBe('access_error');
  });

  it('maps anything else to unexpected_error and keeps ApiErrors', () => {
    expect(toApiError(new Error('x')).key).toBe('unexpected_error');
    expect(toApiError('string').key).toBe('unexpected_error');
    const original = new ApiError({ key: 'not_found', status: 404 });
    expect(toApiError(original)).toBe(original);
  });
});

describe('isRetryable', () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
  ])('HTTP %i → %s', (status, expected) => {
    expect(isRetryable(httpError(status))).toBe(expected);
  });

  it('retries network errors, not cancellations', () => {
    expect(isRetryable(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}))).toBe(true);
    expect(isRetryable(new CanceledError())).toBe(false);
  });
});

describe('shouldReport', () => {
  it.each([401, 403, 404, 406, 409, 429])('does not report HTTP %i', (status) => {
    expect(shouldReport(httpError(status))).toBe(false);
  });

  it.each([400, 500, 503])('reports HTTP %i', (status) => {
    expect(shouldReport(httpError(status))).toBe(true);
  });

  it('does not report network errors, cancellations or access errors', () => {
    expect(shouldReport(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}))).toBe(false);
    expect(shouldReport(new CanceledError())).toBe(false);
    expect(shouldReport(new ApiError({ key: 'access_error' }))).toBe(false);
  });

  it('reports unexpected programming errors', () => {
    expect(shouldReport(new TypeError('x is undefined'))).toBe(true);
  });
});
