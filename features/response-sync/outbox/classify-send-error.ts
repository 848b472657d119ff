import { isRetryable, toApiError } from '@/lib/api/errors';

import type { ErrorDecision } from './outbox-types';

/**
 * Retry what may pass (network errors, 408, 429 with its Retry-After, 5xx); drop every other failure. A 409 is
 * never success: our backend answers a repeated identical finish with 200, so a 409 means the response was
 * finished elsewhere (another device, another tab) with other answers, which the respondent must be told.
 */
export function classifySendError(error: unknown): ErrorDecision {
  const apiError = toApiError(error);
  if (isRetryable(apiError)) return { kind: 'retry', retryAfterMs: apiError.retryAfterMs ?? null };
  return { kind: 'drop' };
}
