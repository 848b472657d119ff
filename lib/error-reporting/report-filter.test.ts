import type { ErrorEvent, EventHint } from '@sentry/nextjs';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, catalogueKeyForStatus, toApiError } from '@/lib/api/errors';
import { beforeSend, shouldSendEvent } from './report-filter';

const config = { headers: new AxiosHeaders(), url: '/api/v1/read-survey/abc123/' } as InternalAxiosRequestConfig;

function httpError(status: number): AxiosError {
  const response: AxiosResponse = { status, statusText: '', data: { code: 'x' }, headers: new AxiosHeaders(), config };
  return new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
}

function networkError(): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
}

/** The event Sentry builds for a thrown value, with the value itself in the hint. */
function eventFor(error: unknown): [ErrorEvent, EventHint] {
  const type = error instanceof Error ? error.name : 'Error';
  const value = error instanceof Error ? error.message : String(error);
  return [{ type: undefined, exception: { values: [{ type, value }] } }, { originalException: error }];
}

function sent(error: unknown): boolean {
  return shouldSendEvent(...eventFor(error));
}

function withDigest(message: string, digest: string): Error {
  return Object.assign(new Error(message), { digest });
}

function chunkLoadError(): Error {
  const error = new Error('Loading chunk 4821 failed.\n(error: https://example.org/_next/static/chunks/4821.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('shouldSendEvent: API client errors (spec §8)', () => {
  it.each([401, 403, 404, 406, 409, 429])('drops the catalogue answer HTTP %i', (status) => {
    expect(sent(toApiError(httpError(status)))).toBe(false);
    expect(sent(new ApiError({ key: catalogueKeyForStatus(status), status }))).toBe(false);
  });

  it('drops network errors', () => {
    expect(sent(toApiError(networkError()))).toBe(false);
    expect(
      sent(new ApiError({ key: 'unexpected_error', isNetwork: true, message: 'timeout of 30000ms exceeded' })),
    ).toBe(false);
  });

  it('drops cancelled requests', () => {
    expect(sent(toApiError(new CanceledError(undefined, undefined, config)))).toBe(false);
    expect(sent(new ApiError({ key: 'unexpected_error', isCanceled: true, message: 'Request canceled' }))).toBe(false);
  });

  it('drops a malformed answer (access_error has its own catalogue entry)', () => {
    expect(sent(toApiError(z.object({ id: z.number() }).safeParse({}).error))).toBe(false);
  });

  it.each([500, 502, 503, 400, 408, 422])('keeps an unexpected HTTP %i', (status) => {
    expect(sent(toApiError(httpError(status)))).toBe(true);
  });

  it('keeps an unexpected error that is not about the network', () => {
    expect(sent(toApiError(new RangeError('Invalid time value')))).toBe(true);
  });

  it('judges raw axios errors by the same rules', () => {
    expect(sent(networkError())).toBe(false);
    expect(sent(new AxiosError('timeout of 30000ms exceeded', AxiosError.ECONNABORTED, config, {}))).toBe(false);
    expect(sent(new CanceledError(undefined, undefined, config))).toBe(false);
    expect(sent(httpError(404))).toBe(false);
    expect(sent(httpError(429))).toBe(false);
    expect(sent(httpError(500))).toBe(true);
  });

  it('looks through a wrapping error to the request failure it was caused by', () => {
    expect(sent(new Error('Could not load the survey', { cause: toApiError(httpError(404)) }))).toBe(false);
    expect(sent(new Error('Could not load the survey', { cause: networkError() }))).toBe(false);
    expect(sent(new Error('Could not load the survey', { cause: toApiError(httpError(500)) }))).toBe(true);
  });
});

describe('shouldSendEvent: browser and runtime failures', () => {
  it.each([
    ['Chrome', 'Failed to fetch'],
    ['Chrome with host', 'Failed to fetch (api.example.org)'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
    ['Node (undici)', 'fetch failed'],
  ])('drops a fetch without answer (%s)', (_engine, message) => {
    expect(sent(new TypeError(message))).toBe(false);
  });

  it('keeps a TypeError that merely mentions fetching', () => {
    expect(sent(new TypeError('Failed to fetch survey: answers is not iterable'))).toBe(true);
    expect(sent(new Error('Failed to fetch'))).toBe(true);
  });

  it('drops aborted and timed-out requests', () => {
    expect(sent(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(false);
    expect(sent(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(false);
  });

  it('drops script chunks that failed to load (the error page reloads once)', () => {
    expect(sent(chunkLoadError())).toBe(false);
    expect(sent(new Error('Loading CSS chunk 311 failed.\n(/_next/static/chunks/311.css)'))).toBe(false);
    expect(
      sent(new TypeError('Failed to fetch dynamically imported module: https://example.org/_next/static/chunks/a.js')),
    ).toBe(false);
    expect(sent(new TypeError('Importing a module script failed.'))).toBe(false);
  });

  it("drops Next's control-flow errors", () => {
    expect(sent(withDigest('NEXT_REDIRECT', 'NEXT_REDIRECT;replace;/en/survey-message;307;'))).toBe(false);
    expect(sent(withDigest('NEXT_HTTP_ERROR_FALLBACK;404', 'NEXT_HTTP_ERROR_FALLBACK;404'))).toBe(false);
    expect(sent(withDigest('NEXT_NOT_FOUND', 'NEXT_NOT_FOUND'))).toBe(false);
    expect(
      sent(withDigest('Bail out to client-side rendering: next/dynamic', 'BAILOUT_TO_CLIENT_SIDE_RENDERING')),
    ).toBe(false);
  });

  it('keeps a server render error whose digest is an ordinary hash', () => {
    expect(sent(withDigest('An error occurred in the Server Components render.', '2937431578'))).toBe(true);
  });
});

describe('shouldSendEvent: everything else is kept', () => {
  it('keeps programming errors', () => {
    expect(sent(new TypeError("Cannot read properties of undefined (reading 'questions')"))).toBe(true);
    expect(sent(new Error('Unknown widget type "matrix3d"'))).toBe(true);
  });

  it('keeps a raw validation error outside the API client', () => {
    const result = z.object({ id: z.number() }).safeParse({ id: 'x' });
    expect(sent(result.error)).toBe(true);
  });

  it('keeps thrown strings and other values', () => {
    expect(sent('boom')).toBe(true);
    expect(sent({ reason: 'unknown' })).toBe(true);
    expect(sent(42)).toBe(true);
  });

  it('keeps events without an exception', () => {
    expect(shouldSendEvent({ type: undefined, message: 'Something worth knowing' }, {})).toBe(true);
    expect(shouldSendEvent({ type: undefined }, undefined)).toBe(true);
  });
});

describe('shouldSendEvent without the thrown value', () => {
  function eventOnly(type: string, value: string): ErrorEvent {
    return { type: undefined, exception: { values: [{ type, value }] } };
  }

  it('falls back to the top exception of the event', () => {
    expect(shouldSendEvent(eventOnly('TypeError', 'Failed to fetch'), {})).toBe(false);
    expect(shouldSendEvent(eventOnly('ChunkLoadError', 'Loading chunk 7 failed.'), {})).toBe(false);
    expect(shouldSendEvent(eventOnly('Error', 'NEXT_REDIRECT'), {})).toBe(false);
    expect(shouldSendEvent(eventOnly('TypeError', 'x is not a function'), {})).toBe(true);
  });

  it('reads the last value, which is what was thrown (causes come first)', () => {
    const event: ErrorEvent = {
      type: undefined,
      exception: {
        values: [
          { type: 'TypeError', value: 'Failed to fetch' },
          { type: 'Error', value: 'Saving the response failed' },
        ],
      },
    };
    expect(shouldSendEvent(event, {})).toBe(true);
  });
});

describe('beforeSend', () => {
  it('returns the event itself when it is sent', () => {
    const [event, hint] = eventFor(toApiError(httpError(500)));
    expect(beforeSend(event, hint)).toBe(event);
  });

  it('returns null when it is dropped', () => {
    const [event, hint] = eventFor(toApiError(networkError()));
    expect(beforeSend(event, hint)).toBeNull();
  });
});
