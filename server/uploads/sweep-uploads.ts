import 'server-only';

import { lstat, opendir, rm } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'kysely';

import type { Db } from '../db/create-db';
import { isIncomingName, isStorageName, type UploadStorage } from './upload-storage';

const DAY_MS = 86_400_000;

/**
 * A finished response takes no more answers: a file its content does not name a day after it was stored (an upload
 * racing the finish, a file removed before it) is out of it for good.
 */
export const FINISHED_RESPONSE_GRACE_MS = DAY_MS;

/**
 * An open response can be resumed for as long as its survey is open, and may still come to name a file it does not
 * name yet: a device whose connection dropped between a file's upload and the save naming it sends that save from
 * its outbox when it comes back, however much later. So may an expired one: the expiry's own patch still writes the
 * content a device held (patch-response.ts). Thirty days cover such a device; a file removed from such an answer, or
 * of a response never finished, goes after them.
 */
export const OPEN_RESPONSE_GRACE_MS = 30 * DAY_MS;

/** A file being received is written to as its bytes arrive: unwritten for a day, its process died receiving it. */
export const INCOMING_FILE_AGE_MS = DAY_MS;

/** A stored file is last written moments before its row is: a day old with no row, its row will never come. */
export const UNRECORDED_FILE_AGE_MS = DAY_MS;

/** Storage names checked against the uploads table a query: what a folder of any size holds in memory at once. */
const NAMES_PER_QUERY = 500;

/** Where the last sweep stopped (app_settings), so each examines the next uploads rather than the same first ones. */
const CURSOR_KEY = 'upload_sweep_after';

interface SweepCursor {
  created_at: string;
  id: string;
}

async function readCursor(db: Db): Promise<SweepCursor | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
  return row === undefined ? null : (JSON.parse(row.value) as SweepCursor | null);
}

async function writeCursor(db: Db, cursor: SweepCursor | null): Promise<void> {
  const value = JSON.stringify(cursor);
  await db
    .insertInto('app_settings')
    .values({ key: CURSOR_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Whether a response's stored content does not hold `uploadId` anywhere: judged by the database, so no content is
 * read into memory. An upload id is letters and digits; LIKE's `_` and SQLite's case-blind LIKE can only make a text
 * match more often, which keeps a file, never deletes one.
 */
function contentLacks(uploadId: string) {
  return sql<boolean>`responses.content not like ${'%' + uploadId + '%'}`;
}

/**
 * Deletes the uploads no content of their response names once their grace period is over, file and row; examines at
 * most `examined` uploads a call, going on where the last call stopped and from the oldest again once past the
 * newest. Answers how many went. A file the content names is never deleted, whatever its age: the row is deleted
 * only if the content does not name it at that moment, so a save arriving meanwhile keeps it.
 */
export async function sweepUploads(db: Db, storage: UploadStorage, now: number, examined: number): Promise<number> {
  const cursor = await readCursor(db);
  let query = db
    .selectFrom('uploads')
    .innerJoin('responses', 'responses.id', 'uploads.response_id')
    .select(['uploads.id', 'uploads.created_at', 'uploads.response_id', 'responses.completed'])
    .where('uploads.created_at', '<', new Date(now - FINISHED_RESPONSE_GRACE_MS).toISOString())
    .orderBy('uploads.created_at')
    .orderBy('uploads.id')
    .limit(examined);
  if (cursor !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('uploads.created_at', '>', cursor.created_at),
        eb.and([eb('uploads.created_at', '=', cursor.created_at), eb('uploads.id', '>', cursor.id)]),
      ]),
    );
  }
  const rows = await query.execute();
  const last = rows.at(-1);
  await writeCursor(
    db,
    rows.length < examined || last === undefined ? null : { created_at: last.created_at, id: last.id },
  );

  const openCutoff = new Date(now - OPEN_RESPONSE_GRACE_MS).toISOString();
  let swept = 0;
  for (const row of rows) {
    if (row.completed !== 1 && row.created_at >= openCutoff) continue;
    const deleted = await db
      .deleteFrom('uploads')
      .where('id', '=', row.id)
      .where('response_id', 'in', (eb) =>
        eb
          .selectFrom('responses')
          .select('responses.id')
          .where('responses.id', '=', row.response_id)
          .where(contentLacks(row.id)),
      )
      .returning('storage_name')
      .executeTakeFirst();
    if (deleted === undefined) continue;
    // Only once the row is gone, so a save naming the file meanwhile keeps it; a crash in between leaves a file no
    // row names.
    await storage.remove(deleted.storage_name);
    swept += 1;
  }
  return swept;
}

/**
 * The plain files directly in `dir` whose name `isSwept` takes, last written before `cutoff`, as the folder is read
 * (opendir streams it, whatever its size). Never a link (lstat judges the link itself), a folder or what is in one;
 * nothing when the folder does not exist, and an entry gone meanwhile is passed over.
 */
async function* oldFilesIn(dir: string, isSwept: (name: string) => boolean, cutoff: number): AsyncGenerator<string> {
  const entries = await opendir(dir).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries === null) return;
  for await (const entry of entries) {
    if (!isSwept(entry.name)) continue;
    const stats = await lstat(path.join(dir, entry.name)).catch(() => null);
    if (stats?.isFile() && stats.mtimeMs < cutoff) yield entry.name;
  }
}

/**
 * Deletes from `dir`, an instance's uploads folder, the files a process was receiving when it died (upload-file.ts
 * removes them itself otherwise): those unwritten for `INCOMING_FILE_AGE_MS`. Each instance receives into its own
 * folder, so each sweeps its own. Answers how many went.
 */
export async function sweepIncomingFiles(dir: string, now: number): Promise<number> {
  let swept = 0;
  for await (const name of oldFilesIn(dir, isIncomingName, now - INCOMING_FILE_AGE_MS)) {
    await rm(path.join(dir, name), { force: true });
    swept += 1;
  }
  return swept;
}

/** Those of `storageNames` no row of uploads names. */
async function unrecorded(db: Db, storageNames: readonly string[]): Promise<string[]> {
  if (storageNames.length === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .select('storage_name')
    .where('storage_name', 'in', storageNames)
    .execute();
  const recorded = new Set(rows.map((row) => row.storage_name));
  return storageNames.filter((name) => !recorded.has(name));
}

/**
 * Deletes from `dir`, the disk store's folder, the stored files no row of uploads names: a process died between
 * keeping a file and writing its row, or a file's removal failed after its row went. Names are checked
 * `NAMES_PER_QUERY` a query, and each once more right before its file goes, but nothing locks a row's insert
 * against the delete: what keeps a file whose row is about to be written is `UNRECORDED_FILE_AGE_MS`, far longer
 * than any upload takes from keeping its file to writing its row. Answers how many went.
 */
export async function sweepUnrecordedFiles(db: Db, dir: string, now: number): Promise<number> {
  let swept = 0;
  const sweep = async (storageNames: readonly string[]) => {
    for (const name of await unrecorded(db, storageNames)) {
      if ((await unrecorded(db, [name])).length === 0) continue;
      await rm(path.join(dir, name), { force: true });
      swept += 1;
    }
  };
  let batch: string[] = [];
  for await (const name of oldFilesIn(dir, isStorageName, now - UNRECORDED_FILE_AGE_MS)) {
    batch.push(name);
    if (batch.length < NAMES_PER_QUERY) continue;
    await sweep(batch);
    batch = [];
  }
  await sweep(batch);
  return swept;
}

/**
 * Deletes the files in the database (databaseUploadStorage) no row of uploads names, `UNRECORDED_FILE_AGE_MS` after
 * they were stored: a process died between keeping a file and writing its row, or a file's removal failed after its
 * row went (a crash while a file is kept leaves nothing: it is kept in one transaction). At most `maxFiles` files a
 * call, each with all its chunks, in one statement; answers how many chunks went. Whether a row names a file is asked
 * in the delete itself, so a row committed before it began is always seen; one committed while it runs is not, and
 * what keeps its file is the age, as with the disk store. Files kept whole in upload_blobs, before chunks, are left.
 */
export async function sweepUnrecordedChunks(db: Db, now: number, maxFiles: number): Promise<number> {
  const result = await db
    .deleteFrom('upload_chunks')
    .where('storage_name', 'in', (eb) =>
      eb
        .selectFrom('upload_chunks as first')
        // A file's first chunk stands for it: one row a file, found through the index on (seq, created_at).
        .select('first.storage_name')
        .where('first.seq', '=', 0)
        .where('first.created_at', '<', now - UNRECORDED_FILE_AGE_MS)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('uploads').select('uploads.id').whereRef('uploads.storage_name', '=', 'first.storage_name'),
            ),
          ),
        )
        .limit(maxFiles),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
