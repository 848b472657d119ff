import { lstat, lutimes, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Updateable } from 'kysely';

import { createDb, type Db } from '../db/create-db';
import type { ResponsesTable } from '../db/schema';
import { randomAlphanumeric } from '../security/random-token';
import { receivedFile, testSurveyFile } from '../testing/fixtures';
import { seedSurvey, startResponse } from '../testing/scenario';
import { setUpTestBackend } from '../testing/test-backend';
import {
  FINISHED_RESPONSE_GRACE_MS,
  INCOMING_FILE_AGE_MS,
  OPEN_RESPONSE_GRACE_MS,
  sweepIncomingFiles,
  sweepUnrecordedChunks,
  sweepUnrecordedFiles,
  sweepUploads,
  UNRECORDED_FILE_AGE_MS,
} from './sweep-uploads';
import {
  databaseUploadStorage,
  diskUploadStorage,
  randomStorageName,
  uploadStorageOf,
  type UploadStorage,
} from './upload-storage';

const backend = setUpTestBackend();
const now = Date.parse('2027-03-01T12:00:00.000Z');
const HOUR_MS = 3_600_000;
let surveyId = 0;

beforeAll(async () => {
  surveyId = await seedSurvey(testSurveyFile('sweep-uploads'));
});

beforeEach(async () => {
  const { db } = backend();
  await db.deleteFrom('uploads').execute();
  await db.deleteFrom('app_settings').where('key', '=', 'upload_sweep_after').execute();
});

/** A response of the test survey in the given state. */
async function responseWith(state: Updateable<ResponsesTable> = {}): Promise<number> {
  const { id } = await startResponse('sweep-uploads', surveyId, { client_key: randomStorageName() });
  if (Object.keys(state).length > 0)
    await backend().db.updateTable('responses').set(state).where('id', '=', id).execute();
  return id;
}

/** The row of a file of question 103 stored `ageMs` before `now`, written through `db`; answers its upload id. */
async function writeRow(db: Db, responseId: number, storageName: string, ageMs: number): Promise<string> {
  // As the upload route names them: 22 letters and digits.
  const id = randomAlphanumeric(22);
  await db
    .insertInto('uploads')
    .values({
      id,
      response_id: responseId,
      question_id: 103,
      original_name: 'a.png',
      size: 3,
      mime: 'image/png',
      extension: 'png',
      storage_name: storageName,
      hash_code: null,
      created_at: new Date(now - ageMs).toISOString(),
    })
    .execute();
  return id;
}

/** A file of question 103 stored `ageMs` before `now`; answers its upload id and storage name. */
async function storedFile(storage: UploadStorage, responseId: number, ageMs: number) {
  const storageName = randomStorageName();
  await storage.keep(storageName, receivedFile(Uint8Array.from([1, 2, 3])));
  return { id: await writeRow(backend().db, responseId, storageName, ageMs), storageName };
}

/** Content naming these upload ids as the answer to question 103. */
function naming(...ids: string[]): string {
  return JSON.stringify({ '103': ids });
}

async function isKept(storage: UploadStorage, file: { id: string; storageName: string }): Promise<boolean> {
  const row = await backend().db.selectFrom('uploads').select('id').where('id', '=', file.id).executeTakeFirst();
  const stream = await storage.open(file.storageName);
  await stream?.cancel();
  if ((row === undefined) !== (stream === null)) throw new Error(`Row and file of ${file.id} part ways`);
  return row !== undefined;
}

// Both stores: the disk one (SQLite) and the database one (PostgreSQL; here on the test engine's database).
describe.each<[string, () => UploadStorage]>([
  ['disk', () => diskUploadStorage(path.join(backend().dataDir, 'swept-files'))],
  ['database', () => databaseUploadStorage(backend().db)],
])('sweepUploads with the %s store', (_, storage) => {
  it('deletes what a finished response does not name a day after it was stored, and nothing it names', async () => {
    const finished = await responseWith({ completed: 1 });
    const expired = await responseWith({ expired_partial: 1 });
    const old = FINISHED_RESPONSE_GRACE_MS + HOUR_MS;
    const named = await storedFile(storage(), finished, 90 * OPEN_RESPONSE_GRACE_MS);
    const removed = await storedFile(storage(), finished, old);
    const recent = await storedFile(storage(), finished, FINISHED_RESPONSE_GRACE_MS - HOUR_MS);
    const ofExpired = await storedFile(storage(), expired, old);
    await backend()
      .db.updateTable('responses')
      .set({ content: naming(named.id) })
      .where('id', '=', finished)
      .execute();

    expect(await sweepUploads(backend().db, storage(), now, 100)).toBe(1);
    expect(await isKept(storage(), named)).toBe(true);
    expect(await isKept(storage(), removed)).toBe(false);
    expect(await isKept(storage(), recent)).toBe(true);
    // An expired response may still come to name it: the expiry's own patch writes what a device held.
    expect(await isKept(storage(), ofExpired)).toBe(true);
  });

  it('keeps what an open or expired response does not name yet for thirty days, a save naming it may still come; never what it names', async () => {
    const open = await responseWith();
    const expired = await responseWith({ expired_partial: 1 });
    const named = await storedFile(storage(), open, 90 * OPEN_RESPONSE_GRACE_MS);
    const unnamedRecent = await storedFile(storage(), open, OPEN_RESPONSE_GRACE_MS - HOUR_MS);
    const abandoned = await storedFile(storage(), open, OPEN_RESPONSE_GRACE_MS + HOUR_MS);
    const ofExpired = await storedFile(storage(), expired, OPEN_RESPONSE_GRACE_MS + HOUR_MS);
    await backend()
      .db.updateTable('responses')
      .set({ content: naming(named.id) })
      .where('id', '=', open)
      .execute();

    expect(await sweepUploads(backend().db, storage(), now, 100)).toBe(2);
    expect(await isKept(storage(), named)).toBe(true);
    expect(await isKept(storage(), unnamedRecent)).toBe(true);
    expect(await isKept(storage(), abandoned)).toBe(false);
    expect(await isKept(storage(), ofExpired)).toBe(false);
  });

  it('keeps a file a save names while the sweep runs', async () => {
    const finished = await responseWith({ completed: 1 });
    const first = await storedFile(storage(), finished, 2 * FINISHED_RESPONSE_GRACE_MS + 1);
    const second = await storedFile(storage(), finished, 2 * FINISHED_RESPONSE_GRACE_MS);
    // The save lands between the sweep's read and its delete of the second file.
    const racing: UploadStorage = {
      ...storage(),
      async remove(storageName) {
        await storage().remove(storageName);
        await backend()
          .db.updateTable('responses')
          .set({ content: naming(second.id) })
          .where('id', '=', finished)
          .execute();
      },
    };
    expect(await sweepUploads(backend().db, racing, now, 100)).toBe(1);
    expect(await isKept(storage(), first)).toBe(false);
    expect(await isKept(storage(), second)).toBe(true);
  });
});

describe('sweepUploads, bounded', () => {
  it('examines at most the uploads it is given a run, goes on where it stopped, and starts over past the newest', async () => {
    const storage = uploadStorageOf(backend().db);
    const finished = await responseWith({ completed: 1 });
    const old = 2 * FINISHED_RESPONSE_GRACE_MS;
    const files = [];
    for (let index = 0; index < 3; index += 1) files.push(await storedFile(storage, finished, old - index * HOUR_MS));
    const last = await storedFile(storage, finished, old - 3 * HOUR_MS);
    await backend()
      .db.updateTable('responses')
      .set({ content: naming(...files.map((file) => file.id)) })
      .where('id', '=', finished)
      .execute();

    expect(await sweepUploads(backend().db, storage, now, 2)).toBe(0);
    expect(await isKept(storage, last)).toBe(true);
    expect(await sweepUploads(backend().db, storage, now, 2)).toBe(1);
    expect(await isKept(storage, last)).toBe(false);

    // Past the newest, the next runs start from the oldest again: a file taken out of the answer since is found.
    await backend()
      .db.updateTable('responses')
      .set({ content: naming(files[1]!.id, files[2]!.id) })
      .where('id', '=', finished)
      .execute();
    expect(await sweepUploads(backend().db, storage, now, 2)).toBe(0);
    expect(await sweepUploads(backend().db, storage, now, 2)).toBe(1);
    expect(await isKept(storage, files[0]!)).toBe(false);
    expect(await isKept(storage, files[1]!)).toBe(true);
  });
});

/** A new empty folder, as an instance's uploads folder. */
function newFolder(): Promise<string> {
  return mkdtemp(path.join(backend().dataDir, 'folder-'));
}

/** Makes `file` last written `ageMs` before `now`: a link itself (lutimes), not what it points to. */
async function age(file: string, ageMs: number): Promise<string> {
  const at = new Date(now - ageMs);
  await lutimes(file, at, at);
  return file;
}

/** A file `name` in `dir`, last written `ageMs` before `now`. */
async function fileOfAge(dir: string, name: string, ageMs: number): Promise<string> {
  await writeFile(path.join(dir, name), Uint8Array.from([1, 2, 3]));
  return age(path.join(dir, name), ageMs);
}

async function exists(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => null)) !== null;
}

describe('sweepIncomingFiles', () => {
  it('deletes a file a process died receiving a day ago, never one still being received', async () => {
    const dir = await newFolder();
    const dead = await fileOfAge(dir, `.incoming-${randomStorageName()}`, INCOMING_FILE_AGE_MS + HOUR_MS);
    const receiving = await fileOfAge(dir, `.incoming-${randomStorageName()}`, INCOMING_FILE_AGE_MS - HOUR_MS);

    expect(await sweepIncomingFiles(dir, now)).toBe(1);
    expect(await exists(dead)).toBe(false);
    expect(await exists(receiving)).toBe(true);
  });

  it('sweeps nothing where no upload has made the folder yet', async () => {
    expect(await sweepIncomingFiles(path.join(await newFolder(), 'uploads'), now)).toBe(0);
  });
});

describe('sweepUnrecordedFiles', () => {
  it('deletes a stored file no row names a day after it was written, never a newer one or one a row names', async () => {
    const dir = await newFolder();
    const storage = diskUploadStorage(dir);
    const recorded = await storedFile(storage, await responseWith(), HOUR_MS);
    await age(path.join(dir, recorded.storageName), 90 * UNRECORDED_FILE_AGE_MS);
    const unrecorded = await fileOfAge(dir, randomStorageName(), UNRECORDED_FILE_AGE_MS + HOUR_MS);
    // Kept a moment ago: its row may be on its way.
    const justKept = await fileOfAge(dir, randomStorageName(), UNRECORDED_FILE_AGE_MS - HOUR_MS);

    expect(await sweepUnrecordedFiles(backend().db, dir, now)).toBe(1);
    expect(await exists(unrecorded)).toBe(false);
    expect(await exists(justKept)).toBe(true);
    expect(await isKept(storage, recorded)).toBe(true);
  });

  it('checks a folder of more names than one query takes, batch by batch', async () => {
    const dir = await newFolder();
    const storage = diskUploadStorage(dir);
    const response = await responseWith();
    const recorded = [];
    for (let index = 0; index < 10; index += 1) {
      const file = await storedFile(storage, response, HOUR_MS);
      await age(path.join(dir, file.storageName), 2 * UNRECORDED_FILE_AGE_MS);
      recorded.push(file);
    }
    await Promise.all(
      Array.from({ length: 1_000 }, () => fileOfAge(dir, randomStorageName(), 2 * UNRECORDED_FILE_AGE_MS)),
    );

    expect(await sweepUnrecordedFiles(backend().db, dir, now)).toBe(1_000);
    for (const file of recorded) expect(await isKept(storage, file)).toBe(true);
  });

  it('keeps a file whose row is written while the sweep runs', async () => {
    const dir = await newFolder();
    const response = await responseWith();
    const storageName = randomStorageName();
    const file = await fileOfAge(dir, storageName, 2 * UNRECORDED_FILE_AGE_MS);
    // The row lands between the sweep's check of its batch and its delete, through a connection of its own (the
    // sweep's is busy while its result is read).
    const other = await createDb(backend().options);
    let checked = false;
    const racing = backend().db.withPlugin({
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        if (!checked) await writeRow(other, response, storageName, 0);
        checked = true;
        return result;
      },
    });
    try {
      expect(await sweepUnrecordedFiles(racing, dir, now)).toBe(0);
    } finally {
      await other.destroy();
    }
    expect(await exists(file)).toBe(true);
  });
});

/** Makes the chunks of `storageName` stored `ageMs` before `now`. */
async function ageChunks(storageName: string, ageMs: number): Promise<string> {
  await backend()
    .db.updateTable('upload_chunks')
    .set({ created_at: now - ageMs })
    .where('storage_name', '=', storageName)
    .execute();
  return storageName;
}

/** A file kept in the database store, no row naming it, stored `ageMs` before `now`; answers its storage name. */
async function unrecordedChunks(bytes: number, ageMs: number): Promise<string> {
  const storageName = randomStorageName();
  await databaseUploadStorage(backend().db).keep(storageName, receivedFile(new Uint8Array(bytes)));
  return ageChunks(storageName, ageMs);
}

async function chunkCount(storageName: string): Promise<number> {
  const rows = await backend()
    .db.selectFrom('upload_chunks')
    .select('seq')
    .where('storage_name', '=', storageName)
    .execute();
  return rows.length;
}

// The database store's counterpart of sweepUnrecordedFiles (run with PostgreSQL; here on the test engine's database).
describe('sweepUnrecordedChunks', () => {
  beforeEach(async () => {
    // The other tests' files lose their rows before each test (above): only this test's files count here.
    await backend().db.deleteFrom('upload_chunks').execute();
  });

  it('deletes every chunk of a file no row names a day after it was stored, never a newer one or one a row names', async () => {
    const storage = databaseUploadStorage(backend().db);
    const unrecorded = await unrecordedChunks(2 * 256 * 1024 + 17, UNRECORDED_FILE_AGE_MS + HOUR_MS);
    const empty = await unrecordedChunks(0, UNRECORDED_FILE_AGE_MS + HOUR_MS);
    // Kept a moment ago: its row may be on its way.
    const justKept = await unrecordedChunks(1, UNRECORDED_FILE_AGE_MS - HOUR_MS);
    const recorded = await storedFile(storage, await responseWith(), HOUR_MS);
    await ageChunks(recorded.storageName, 90 * UNRECORDED_FILE_AGE_MS);

    expect(await sweepUnrecordedChunks(backend().db, now, 100)).toBe(4);
    expect(await chunkCount(unrecorded)).toBe(0);
    expect(await chunkCount(empty)).toBe(0);
    expect(await chunkCount(justKept)).toBe(1);
    expect(await isKept(storage, recorded)).toBe(true);
  });

  it('deletes at most the files it is given a run, each whole, and the others on the next', async () => {
    const old = 2 * UNRECORDED_FILE_AGE_MS;
    const files = [
      await unrecordedChunks(256 * 1024 + 1, old),
      await unrecordedChunks(256 * 1024 + 1, old),
      await unrecordedChunks(256 * 1024 + 1, old),
    ];

    expect(await sweepUnrecordedChunks(backend().db, now, 2)).toBe(4);
    const counts = await Promise.all(files.map(chunkCount));
    expect(counts.toSorted((a, b) => a - b)).toEqual([0, 0, 2]);
    expect(await sweepUnrecordedChunks(backend().db, now, 2)).toBe(2);
    expect(await Promise.all(files.map(chunkCount))).toEqual([0, 0, 0]);
  });
});

describe('sweepIncomingFiles and sweepUnrecordedFiles', () => {
  it('leave alone what is neither: other names, folders and what is in them, links and what they point to', async () => {
    const dir = await newFolder();
    const old = 90 * UNRECORDED_FILE_AGE_MS;
    const elsewhere = await fileOfAge(await newFolder(), randomStorageName(), old);
    const entries = [
      await fileOfAge(dir, 'notes.txt', old),
      await fileOfAge(dir, '.incoming-notes.txt', old),
      await fileOfAge(dir, '.incoming-', old),
      await fileOfAge(dir, '.incoming', old),
      // An operator's file with no extension, and names a character off a storage name's length.
      await fileOfAge(dir, 'backup', old),
      await fileOfAge(dir, 'README', old),
      await fileOfAge(dir, randomStorageName().slice(1), old),
      await fileOfAge(dir, `${randomStorageName()}a`, old),
    ];
    for (const name of [randomStorageName(), `.incoming-${randomStorageName()}`]) {
      const folder = path.join(dir, name);
      await mkdir(folder);
      entries.push(await fileOfAge(folder, randomStorageName(), old), await fileOfAge(folder, name, old));
      entries.push(await age(folder, old));
      // Named as what the sweep deletes: only being a link keeps it.
      const link = path.join(
        dir,
        name.startsWith('.incoming-') ? `.incoming-${randomStorageName()}` : randomStorageName(),
      );
      await symlink(elsewhere, link);
      entries.push(await age(link, old));
    }

    expect(await sweepIncomingFiles(dir, now)).toBe(0);
    expect(await sweepUnrecordedFiles(backend().db, dir, now)).toBe(0);
    for (const entry of [...entries, elsewhere]) expect(await exists(entry)).toBe(true);
  });

  it("leave each other's files alone", async () => {
    const dir = await newFolder();
    const old = 90 * UNRECORDED_FILE_AGE_MS;
    const incoming = await fileOfAge(dir, `.incoming-${randomStorageName()}`, old);
    const stored = await fileOfAge(dir, randomStorageName(), old);

    expect(await sweepIncomingFiles(dir, now)).toBe(1);
    expect(await exists(incoming)).toBe(false);
    expect(await exists(stored)).toBe(true);
    const received = await fileOfAge(dir, `.incoming-${randomStorageName()}`, old);
    expect(await sweepUnrecordedFiles(backend().db, dir, now)).toBe(1);
    expect(await exists(stored)).toBe(false);
    expect(await exists(received)).toBe(true);
  });
});
