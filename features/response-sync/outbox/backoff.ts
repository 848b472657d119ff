/** Retry timing of the outbox. */
export interface BackoffOptions {
  /** First retry waits around this long. */
  baseMs: number;
  /** No wait is longer than this, however many attempts failed. */
  capMs: number;
  /** A server's Retry-After longer than this is cut to it, so a bad header cannot park the queue for hours. */
  maxRetryAfterMs: number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 500, capMs: 30_000, maxRetryAfterMs: 10 * 60_000 };

/**
 * Capped exponential backoff with "equal jitter": half of the capped delay is fixed, half random. The fixed half
 * keeps a floor between attempts; the random half spreads out the browsers that lost the server at the same moment,
 * so they do not all come back at once. `attempt` counts from 1.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const capped = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(capped / 2 + (random() * capped) / 2);
}

/** The wait before the next attempt: the server's Retry-After when it gave one, else the backoff. */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | null,
  options: BackoffOptions,
  random: () => number,
): number {
  if (retryAfterMs !== null && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    return Math.min(retryAfterMs, options.maxRetryAfterMs);
  }
  return backoffDelay(attempt, options, random);
}
