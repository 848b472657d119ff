import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';

import { classifySendError } from './classify-send-error';

const http = (status: number, retryAfterMs?: number) => new ApiError({ key: 'unexpected_error', status, retryAfterMs });

describe('classifySendError', () => {
  it('retries network errors, 408, 429 (with Retry-After) and 5xx', () => {
    expect(classifySendError(new ApiError({ key: 'unexpected_error', isNetwork: true }))).toEqual({
      kind: 'retry',
      retryAfterMs: null,
    });
    expect(classifySendError(http(408))).toEqual({ kind: 'retry', retryAfterMs: null });
    expect(classifySendError(http(429, 3000))).toEqual({ kind: 'retry', retryAfterMs: 3000 });
    expect(classifySendError(http(503))).toEqual({ kind: 'retry', retryAfterMs: null });
  });

  it('drops other 4xx, a 409 included: a response finished elsewhere is no success of ours', () => {
    expect(classifySendError(http(400))).toEqual({ kind: 'drop' });
    expect(classifySendError(http(403))).toEqual({ kind: 'drop' });
    expect(classifySendError(http(409))).toEqual({ kind: 'drop' });
  });
});
