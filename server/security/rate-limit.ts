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

/** A limit on what one client (clientAddress) asks for, counted in a bucket of its own: `<name>:<client>`. */
export interface ClientLimit {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

/**
 * Reads of a response or of its files by one client in a minute (GET survey-response, GET upload): a respondent
 * reads a response once when resuming it (again when another device saved since), and its files as shown; a class
 * of 40 behind one school router, all resuming at once, stays well below. A read of an unfinished response hands
 * back its write token.
 */
export const RESPONSE_READS_PER_CLIENT: ClientLimit = { name: 'response-read', limit: 600, windowMs: MINUTE_MS };
/**
 * Writes to a response by one client in a minute (PATCH survey-response, the alert and e-mail queues): a survey page
 * saves at most about once a second while its respondent types, so a class of 40 behind one router, all typing,
 * stays below it; past it, a save refused with 429 waits for `Retry-After` in the outbox, never lost.
 */
export const RESPONSE_WRITES_PER_CLIENT: ClientLimit = { name: 'response-write', limit: 3_000, windowMs: MINUTE_MS };

/**
 * Megabytes of new files one client may store in an hour (each file counts its started megabytes): a class of 40
 * behind one router each sending a 10 MB file stays below it, while one address creating responses to fill the disk
 * is stopped at half a gigabyte an hour. A file refused with 429 waits in the browser's outbox for `Retry-After`.
 */
export const UPLOAD_MB_PER_CLIENT: ClientLimit = { name: 'upload-mb', limit: 500, windowMs: 60 * MINUTE_MS };

/** No limit counts further back than this (consumeRateLimit refuses a longer window), so older events count for none. */
const LONGEST_WINDOW_MS = 60 * MINUTE_MS;

/**
 * Counts one request against a sliding-window limit kept in the database (so every instance on it counts
 * together), or refuses it with 429 and `Retry-After` when the window is full. Checked and counted under a lock, so
 * concurrent requests cannot all slip past the last free place.
 */
export async function consumeRateLimit(
  db: Db,
  { bucket, limit, windowMs }: RateLimit,
  now: number,
  /** How many the request counts for (an upload, its megabytes); one by default. */
  weight = 1,
): Promise<void> {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`A rate limit's window is at most ${LONGEST_WINDOW_MS} ms`);
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
    // One request never counts for more than the whole limit, or it could never pass.
    const counts = Math.min(weight, limit);
    if (Number(counted?.count ?? 0) + counts > limit) {
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
    await trx
      .insertInto('rate_events')
      .values(Array.from({ length: counts }, () => ({ bucket, at: now })))
      .execute();
  });
}

/** The bucket one client's requests under a per-client limit are counted in. */
export function clientBucket({ name }: ClientLimit, client: string): string {
  return `${name}:${client}`;
}

/** Counts one request of `client` (or `weight` of them) against a per-client limit, as consumeRateLimit does. */
export function consumeClientLimit(db: Db, limit: ClientLimit, client: string, now: number, weight = 1): Promise<void> {
  return consumeRateLimit(
    db,
    { bucket: clientBucket(limit, client), limit: limit.limit, windowMs: limit.windowMs },
    now,
    weight,
  );
}

/** Events deleted per statement while sweeping: each statement stays short beside the requests being counted. */
const SWEEP_BATCH = 5_000;

/**
 * Deletes events no window counts any more, of every bucket, at most `maxRows` of them; answers how many went.
 * consumeRateLimit clears only the bucket it counts in, so a bucket never used again (a client gone, a mailbox mailed
 * once) would otherwise keep its rows for ever.
 */
export async function sweepRateEvents(db: Db, now: number, maxRows: number): Promise<number> {
  let swept = 0;
  while (swept < maxRows) {
    const batch = Math.min(SWEEP_BATCH, maxRows - swept);
    const result = await db
      .deleteFrom('rate_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('rate_events')
          .select('id')
          .where('at', '<=', now - LONGEST_WINDOW_MS)
          .orderBy('id')
          .limit(batch),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    swept += deleted;
    if (deleted < batch) break;
  }
  return swept;
}
