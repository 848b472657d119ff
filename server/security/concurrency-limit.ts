import 'server-only';

import { ApiError } from '../http/api-error';

/**
 * At most `max` tasks at once, at most `queued` more waiting; beyond that a call is refused with 429 at once, saying
 * `busy`. For work that costs a lot per call (a password hash takes 32 MiB and tens of milliseconds of a libuv
 * thread; a chunk of a file read from the database): a burst then waits its turn or is turned away, and never starves
 * the requests of everyone else. A task that must not be refused (the next chunk of a file whose answer has begun)
 * waits its turn whatever the queue.
 */
export function createConcurrencyLimit(max: number, queued: number, busy: string) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function limited<T>(task: () => Promise<T>, { refusable = true } = {}): Promise<T> {
    if (running >= max) {
      if (refusable && waiting.length >= queued) {
        throw new ApiError(429, 'rate_exceed', `${busy}; try again in a second.`, {}, { 'Retry-After': '1' });
      }
      // The slot is handed over by the task that ends, so no newcomer can slip in between.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
