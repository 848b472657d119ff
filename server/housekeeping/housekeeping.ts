import 'server-only';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { sweepRateEvents } from '../security/rate-limit';
import { sweepUploads } from '../uploads/sweep-uploads';
import { uploadStorageOf } from '../uploads/upload-storage';

/** How often the sweeps run: once an hour for all instances on one database together. */
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

/** Rate events deleted a run at most: far more than an hour's requests leave in buckets never used again. */
const RATE_EVENTS_PER_RUN = 100_000;
/** Uploads examined a run at most (sweep-uploads.ts): a run stays short, and a day of runs examines 24 000. */
const UPLOADS_PER_RUN = 1_000;

const LAST_RUN_KEY = 'housekeeping_at';

/** Takes this hour's run for the caller, or answers false when an instance on this database took it within the hour. */
async function claimRun(db: Db, now: number): Promise<boolean> {
  return withLock(db, 'housekeeping', async (trx) => {
    const last = await trx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', LAST_RUN_KEY)
      .executeTakeFirst();
    if (last !== undefined && now - Number(last.value) < HOUSEKEEPING_INTERVAL_MS) return false;
    const value = String(now);
    await trx
      .insertInto('app_settings')
      .values({ key: LAST_RUN_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return true;
  });
}

/**
 * Sweeps what no request cleans up on its own: rate events of buckets never used again, and uploaded files their
 * response's content no longer names (sweep-uploads.ts), each bounded. Runs at most once an hour across the instances
 * of one database (the claim is taken under a lock); answers whether this call ran it.
 */
export async function runHousekeeping(db: Db, now: number): Promise<boolean> {
  if (!(await claimRun(db, now))) return false;
  await sweepRateEvents(db, now, RATE_EVENTS_PER_RUN);
  await sweepUploads(db, uploadStorageOf(db), now, UPLOADS_PER_RUN);
  return true;
}

/** Kept on globalThis, as the database is (get-db.ts): Next's dev-mode module reloads must not start it again. */
const lastStartKey = Symbol.for('encuesta.server.housekeeping');
type GlobalWithHousekeeping = typeof globalThis & { [lastStartKey]?: number };

/**
 * Starts a housekeeping run in the background when this process has started none within the hour, at its first
 * request and then on one an hour. A failure is logged and never reaches the request.
 */
export function startHousekeepingWhenDue(db: Db, now: number): void {
  const holder = globalThis as GlobalWithHousekeeping;
  const lastStart = holder[lastStartKey];
  if (lastStart !== undefined && now - lastStart < HOUSEKEEPING_INTERVAL_MS) return;
  holder[lastStartKey] = now;
  runHousekeeping(db, now).catch((error: unknown) => {
    console.error('[housekeeping] the sweep failed', error);
  });
}
