import 'server-only';

import { engineOf, type Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { sweepRateEvents } from '../security/rate-limit';
import {
  sweepIncomingFiles,
  sweepUnrecordedChunks,
  sweepUnrecordedFiles,
  sweepUploads,
} from '../uploads/sweep-uploads';
import { uploadsDir, uploadStorageOf } from '../uploads/upload-storage';

/** How often the sweeps run: once an hour for all instances on one database together, and on each its own folder. */
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

/** Rate events deleted a run at most: far more than an hour's requests leave in buckets never used again. */
const RATE_EVENTS_PER_RUN = 100_000;
/** Uploads examined a run at most (sweep-uploads.ts): a run stays short, and a day of runs examines 24 000. */
const UPLOADS_PER_RUN = 1_000;
/**
 * Files in the database no upload names deleted a run at most (sweepUnrecordedChunks): far more than an hour's
 * crashes leave.
 */
const UNRECORDED_FILES_PER_RUN = 2_000;

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
 * Sweeps what no request cleans up on its own (sweep-uploads.ts), each bounded: at most once an hour across the
 * instances of one database (the claim is taken under a lock), rate events of buckets never used again, uploaded
 * files their response's content no longer names, and stored files no upload row names (on disk with SQLite, in the
 * database with PostgreSQL); on every call, the files a process died receiving in this instance's own folder.
 * Answers whether this call ran the shared run.
 */
export async function runHousekeeping(db: Db, now: number): Promise<boolean> {
  try {
    if (!(await claimRun(db, now))) return false;
    await sweepRateEvents(db, now, RATE_EVENTS_PER_RUN);
    await sweepUploads(db, uploadStorageOf(db), now, UPLOADS_PER_RUN);
    // With SQLite every stored file is in this one folder; PostgreSQL keeps them in upload_chunks (uploadStorageOf).
    if (engineOf(db) === 'sqlite') await sweepUnrecordedFiles(db, uploadsDir(), now);
    else await sweepUnrecordedChunks(db, now, UNRECORDED_FILES_PER_RUN);
    return true;
  } finally {
    // Run taken, not taken or failed: the instance that takes it sweeps its own folder, never the others'.
    await sweepIncomingFiles(uploadsDir(), now);
  }
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
