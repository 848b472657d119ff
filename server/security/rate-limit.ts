import 'server-only';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { ApiError } from '../http/api-error';

export interface RateLimit {
  /** What is counted and for whom, e.g. `create:<survey id>:<client>`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one request against a sliding-window limit kept in the database (so every instance on it counts
 * together), or refuses it with 429 and `Retry-After` when the window is full. Checked and counted under a lock, so
 * concurrent requests cannot all slip past the last free place.
 */
export async function consumeRateLimit(db: Db, { bucket, limit, windowMs }: RateLimit, now: number): Promise<void> {
  await withLock(db, `rate:${bucket}`, async (trx) => {
    await trx
      .deleteFrom('rate_events')
      .where('bucket', '=', bucket)
      .where('at', '<=', now - windowMs)
      .execute();
    const counted = await trx
      .selectFrom('rate_events')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<number | string>('at').as('oldest')])
      .where('bucket', '=', bucket)
      .executeTakeFirst();
    if (Number(counted?.count ?? 0) >= limit) {
      const retryAfter = Math.max(1, Math.ceil((Number(counted?.oldest ?? now) + windowMs - now) / 1000));
      throw new ApiError(
        429,
        'rate_exceed',
        `Too many requests; try again in ${retryAfter} seconds.`,
        {},
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
    await trx.insertInto('rate_events').values({ bucket, at: now }).execute();
  });
}
