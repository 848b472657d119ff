import { isRetryable, toApiError } from '@/lib/api/errors';

import type { ErrorDecision, OutboxOp } from './outbox-types';

/**
 * Retry what may pass (network errors, 408, 429 with its Retry-After, 5xx); drop other failures. A 409 on a finish
 * means the response is already finished (our earlier attempt arrived but its answer was lost), which is what the
 * finish wanted, so it counts as done.
 */
export function classifySendError(error: unknown, op: OutboxOp): ErrorDecision {
  const apiError = toApiError(error);
  if (op.type === 'finish' && apiError.status === 409) return { kind: 'done' };
  if (isRetryable(apiError)) return { kind: 'retry', retryAfterMs: apiError.retryAfterMs ?? null };
  return { kind: 'drop' };
}
