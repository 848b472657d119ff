import path from 'node:path';

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Updateable } from 'kysely';

import type { ResponsesTable } from '../db/schema';
import { randomAlphanumeric } from '../security/random-token';
import { receivedFile, testSurveyFile } from '../testing/fixtures';
import { seedSurvey, startResponse } from '../testing/scenario';
import { setUpTestBackend } from '../testing/test-backend';
import { FINISHED_RESPONSE_GRACE_MS, OPEN_RESPONSE_GRACE_MS, sweepUploads } from './sweep-uploads';
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

/** A file of question 103 stored `ageMs` before `now`; answers its upload id and storage name. */
async function storedFile(storage: UploadStorage, responseId: number, ageMs: number) {
  const storageName = randomStorageName();
  await storage.keep(storageName, receivedFile(Uint8Array.from([1, 2, 3])));
  // As the upload route names them: 22 letters and digits.
  const id = randomAlphanumeric(22);
  await backend()
    .db.insertInto('uploads')
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
  return { id, storageName };
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
