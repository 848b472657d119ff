import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';

import { classifySendError } from './classify-send-error';
import type { OutboxOp } from './outbox-types';

const meta = { id: 'x', order: 1, seq: 1, attempts: 0, staleResends: 0 };
const save: OutboxOp = { ...meta, type: 'save', responseKey: 'RC', content: {} };
const finish: OutboxOp = {
  ...meta,
  type: 'finish',
  responseKey: 'RC',
  content: {},
  clientSignature: 's',
  redirected: false,
};
const http = (status: number, retryAfterMs?: number) => new ApiError({ key: 'unexpected_error', status, retryAfterMs });

describe('classifySendError', () => {
  it('retries network errors, 408, 429 (with Retry-After) and 5xx', () => {
    expect(classifySendError(new ApiError({ key: 'unexpected_error', isNetwork: true }), save)).toEqual({
      kind: 'retry',
      retryAfterMs: null,
    });
    expect(classifySendError(http(408), save)).toEqual({ kind: 'retry', retryAfterMs: null });
    expect(classifySendError(http(429, 3000), save)).toEqual({ kind: 'retry', retryAfterMs: 3000 });
    expect(classifySendError(http(503), save)).toEqual({ kind: 'retry', retryAfterMs: null });
  });

  it('drops other 4xx, except a 409 on a finish, which is done', () => {
    expect(classifySendError(http(400), save)).toEqual({ kind: 'drop' });
    expect(classifySendError(http(409), save)).toEqual({ kind: 'drop' });
    expect(classifySendError(http(409), finish)).toEqual({ kind: 'done' });
    expect(classifySendError(http(403), finish)).toEqual({ kind: 'drop' });
  });
});
