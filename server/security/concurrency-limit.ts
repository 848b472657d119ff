import 'server-only';

import { ApiError } from '../http/api-error';

/**
 * At most `max` tasks at once, at most `queued` more waiting; beyond that a call is refused with 429 at once, saying
 * `busy`. For work that costs a lot per call (a password hash takes 32 MiB and tens of milliseconds of a libuv
 * thread): a burst of guesses then waits its turn or is turned away, and never starves the requests of everyone else.
 * `acquire` takes a slot for work that outlives one call (a file served while its receiver reads it).
 */
export function createConcurrencyLimit(max: number, queued: number, busy: string) {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** Takes a slot, waiting its turn or refused; the answer gives the slot back, once however often it is called. */
  async function acquire(): Promise<() => void> {
    if (running >= max) {
      if (waiting.length >= queued) {
        throw new ApiError(429, 'rate_exceed', `${busy}; try again in a second.`, {}, { 'Retry-After': '1' });
      }
      // The slot is handed over by the task that ends, so no newcomer can slip in between.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
  }

  async function limited<T>(task: () => Promise<T>): Promise<T> {
    const release = await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
  return Object.assign(limited, { acquire });
}
