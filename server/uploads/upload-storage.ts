import 'server-only';

import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { sql } from 'kysely';

import { getServerEnv } from '@/lib/env';

import { engineOf, type Db } from '../db/create-db';
import { createConcurrencyLimit } from '../security/concurrency-limit';
import { randomToken } from '../security/random-token';

/**
 * Where uploaded files are kept, by their random storage name. Upload, download and export go through this one
 * interface; which implementation serves them follows the database: files in PostgreSQL when the database is
 * PostgreSQL (several instances share it, and each must serve every file), on this instance's disk with the
 * embedded SQLite (one instance, one data folder).
 */
export interface UploadStorage {
  /** Takes over a received file (it is moved or copied, and the temporary file is gone afterwards). */
  keep(storageName: string, receivedPath: string): Promise<void>;
  /** The file's bytes as a stream, or null when nothing is stored under the name. */
  open(storageName: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Forgets the file; a name never stored is fine. */
  remove(storageName: string): Promise<void>;
}

/** What randomStorageName gives: 24 random bytes in base64url, 32 characters, and nothing else is named so. */
const STORAGE_NAME = /^[A-Za-z0-9_-]{32}$/;

/** Whether `name` is one a file is stored under (randomStorageName gives them). */
export function isStorageName(name: string): boolean {
  return STORAGE_NAME.test(name);
}

function checkedName(storageName: string): string {
  // Names are ours (randomStorageName), but never let one climb out of its folder or be a stray key.
  if (!isStorageName(storageName)) throw new Error(`Bad storage name: ${storageName}`);
  return storageName;
}

export function randomStorageName(): string {
  return randomToken(24);
}

/**
 * This instance's folder for files being received, and for every file with the disk storage: `${DATA_DIR}/uploads`,
 * outside `public/` and any served folder, so a stored file is only ever returned by the download route.
 */
export function uploadsDir(): string {
  return path.resolve(getServerEnv().DATA_DIR, 'uploads');
}

/** The folder a received file is written to first; created when missing. */
async function receivingDir(): Promise<string> {
  const dir = uploadsDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A file being received is named this, then a storage name: no stored file's name starts with a dot. */
const INCOMING_PREFIX = '.incoming-';

/** A new path in the receiving folder to write a file being received to, before a store keeps it. */
export async function incomingPath(): Promise<string> {
  return path.join(await receivingDir(), INCOMING_PREFIX + randomStorageName());
}

/** Whether `name` is one `incomingPath` gives. */
export function isIncomingName(name: string): boolean {
  return name.startsWith(INCOMING_PREFIX) && isStorageName(name.slice(INCOMING_PREFIX.length));
}

/** Files on this instance's disk, in `dir`; names are random with no extension, so nothing maps one to a handler. */
export function diskUploadStorage(dir: string): UploadStorage {
  const pathOf = (storageName: string) => path.join(dir, checkedName(storageName));
  return {
    async keep(storageName, receivedPath) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await rename(receivedPath, pathOf(storageName));
    },
    async open(storageName) {
      const file = pathOf(storageName);
      // A row whose file is gone (disk restored from an older backup) must read as missing, not die mid-stream.
      if (!(await stat(file).catch(() => null))?.isFile()) return null;
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async remove(storageName) {
      await rm(pathOf(storageName), { force: true });
    },
  };
}

/**
 * Bytes of a file a row of `upload_chunks`, so a file is stored and served a chunk at a time: what one upload or one
 * download holds in memory.
 */
const DATABASE_CHUNK_BYTES = 256 * 1024;

/**
 * Reads of files in the database at once, and waiting; a download asked for beyond them is refused with 429 and
 * `Retry-After`. A slot is held for one query (a file's look-up, or one chunk), never while a receiver takes its time:
 * a download the server never reads to its end (a HEAD, a receiver gone before the answer went out) or one read slowly
 * holds no slot, so none can leak, and a burst of downloads neither takes every pooled connection nor queues without
 * end.
 */
const databaseReads = createConcurrencyLimit(8, 32, 'The server is busy sending files');

/**
 * Files being stored in the database at once, and waiting; an upload beyond them is refused with 429 and
 * `Retry-After` (the page's outbox sends it again then). Storing a file holds a pooled connection for its whole
 * transaction, a query a chunk: a burst of large uploads must leave connections to every other request.
 */
export const databaseKeeps = createConcurrencyLimit(4, 32, 'The server is busy storing files');

/** The `chunks` chunks of `storageName`, each read by `chunkAt(index)` as the receiver asks for it. */
function databaseFileStream(
  storageName: string,
  chunks: number,
  chunkAt: (index: number) => Promise<Uint8Array | undefined>,
): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (index >= chunks) {
          controller.close();
          return;
        }
        // The answer has begun: its next chunk waits its turn, it is never refused.
        const chunk = await databaseReads(() => chunkAt(index), { refusable: false });
        if (chunk === undefined) throw new Error(`The file ${storageName} was removed while it was served`);
        index += 1;
        if (chunk.byteLength > 0) controller.enqueue(new Uint8Array(chunk));
        if (index >= chunks) controller.close();
      },
    },
    // Nothing is read ahead of the receiver: a slow one holds one chunk, not the file.
    { highWaterMark: 0 },
  );
}

/**
 * The bytes of `file` in chunks of `DATABASE_CHUNK_BYTES` (the last one shorter), each read only once the one before
 * was taken: a file of any size holds one chunk in memory. An empty file is one empty chunk, so it is stored as a row
 * and served as an empty body.
 */
async function* fileChunks(file: string): AsyncGenerator<Buffer> {
  const handle = await open(file);
  try {
    for (let seq = 0; ; seq += 1) {
      const chunk = Buffer.alloc(DATABASE_CHUNK_BYTES);
      let filled = 0;
      while (filled < chunk.byteLength) {
        const { bytesRead } = await handle.read(chunk, filled, chunk.byteLength - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled > 0 || seq === 0) yield chunk.subarray(0, filled);
      if (filled < chunk.byteLength) return;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Files as rows of `upload_chunks` in the database itself: every instance on it reads what any other stored. A file
 * is stored and served a chunk at a time, a bounded number of reads at once (`databaseReads`). Files stored before
 * chunks, whole in a row of `upload_blobs`, are still served from there. A file received before files moved into the
 * database is still on the disk of the instance that took it: `earlier` serves and removes those.
 */
export function databaseUploadStorage(db: Db, earlier?: UploadStorage): UploadStorage {
  return {
    async keep(storageName, receivedPath) {
      try {
        const name = checkedName(storageName);
        // The moment the bytes are written, as a file's mtime on disk: what the sweep of files no upload names ages.
        const createdAt = Date.now();
        // One transaction: a file is stored whole or not at all, so a failure or a crash midway leaves no chunk.
        await databaseKeeps(() =>
          db.transaction().execute(async (trx) => {
            let seq = 0;
            for await (const bytes of fileChunks(receivedPath)) {
              await trx
                .insertInto('upload_chunks')
                .values({ storage_name: name, seq, bytes, created_at: createdAt })
                .execute();
              seq += 1;
            }
          }),
        );
      } finally {
        await rm(receivedPath, { force: true });
      }
    },
    async open(storageName) {
      const name = checkedName(storageName);
      const stored = await databaseReads(() =>
        db
          .selectFrom('upload_chunks')
          .select((eb) => eb.fn.countAll<number>().as('chunks'))
          .where('storage_name', '=', name)
          .executeTakeFirstOrThrow(),
      );
      const chunks = Number(stored.chunks);
      if (chunks > 0) {
        return databaseFileStream(name, chunks, async (seq) => {
          const row = await db
            .selectFrom('upload_chunks')
            .select('bytes')
            .where('storage_name', '=', name)
            .where('seq', '=', seq)
            .executeTakeFirst();
          return row?.bytes;
        });
      }
      const legacy = await databaseReads(() =>
        db
          .selectFrom('upload_blobs')
          .select(sql<number>`length(bytes)`.as('size'))
          .where('storage_name', '=', name)
          .executeTakeFirst(),
      );
      if (legacy !== undefined) {
        return databaseFileStream(name, Math.ceil(Number(legacy.size) / DATABASE_CHUNK_BYTES), async (index) => {
          // substr is 1-based and slices a bytea (PostgreSQL) or a blob (SQLite) alike.
          const row = await db
            .selectFrom('upload_blobs')
            .select(
              sql<Uint8Array>`substr(bytes, ${index * DATABASE_CHUNK_BYTES + 1}, ${DATABASE_CHUNK_BYTES})`.as('chunk'),
            )
            .where('storage_name', '=', name)
            .executeTakeFirst();
          return row?.chunk;
        });
      }
      return earlier ? earlier.open(storageName) : null;
    },
    async remove(storageName) {
      const name = checkedName(storageName);
      await db.deleteFrom('upload_chunks').where('storage_name', '=', name).execute();
      await db.deleteFrom('upload_blobs').where('storage_name', '=', name).execute();
      await earlier?.remove(storageName);
    },
  };
}

/** The storage of a database's uploads: in the database on PostgreSQL, on disk with SQLite. */
export function uploadStorageOf(db: Db): UploadStorage {
  // No I/O here: the disk storage creates its folder when it keeps a file, not on every download.
  const disk = diskUploadStorage(uploadsDir());
  return engineOf(db) === 'postgres' ? databaseUploadStorage(db, disk) : disk;
}
