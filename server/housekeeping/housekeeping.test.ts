import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { engineOf, type Db } from '../db/create-db';
import { seedSurvey, startResponse } from '../testing/scenario';
import { setUpTestBackend } from '../testing/test-backend';
import { receivedFile, testSurveyFile } from '../testing/fixtures';
import { incomingPath, randomStorageName, uploadsDir, uploadStorageOf } from '../uploads/upload-storage';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, startHousekeepingWhenDue } from './housekeeping';

const backend = setUpTestBackend();
const DAY_MS = 86_400_000;

describe('runHousekeeping', () => {
  it('sweeps stale rate events and files no finished response names', async () => {
    const { db } = backend();
    const now = Date.parse('2027-05-01T00:00:00.000Z');
    const surveyId = await seedSurvey(testSurveyFile('housekeeping'));
    const response = await startResponse('housekeeping', surveyId);
    await db.updateTable('responses').set({ completed: 1 }).where('id', '=', response.id).execute();
    const storageName = randomStorageName();
    const receivedPath = path.join(mkdtempSync(path.join(tmpdir(), 'housekeeping-')), '.incoming');
    writeFileSync(receivedPath, Uint8Array.from([5]));
    await uploadStorageOf(db).keep(storageName, receivedPath);
    await db
      .insertInto('uploads')
      .values({
        id: 'housekeepingUnnamed0001',
        response_id: response.id,
        question_id: 103,
        original_name: 'a.png',
        size: 1,
        mime: 'image/png',
        extension: 'png',
        storage_name: storageName,
        hash_code: null,
        created_at: new Date(now - 2 * DAY_MS).toISOString(),
      })
      .execute();
    await db
      .insertInto('rate_events')
      .values([
        { bucket: 'housekeeping-gone', at: now - DAY_MS },
        { bucket: 'housekeeping-live', at: now - 1_000 },
      ])
      .execute();

    expect(await runHousekeeping(db, now)).toBe(true);
    expect(await db.selectFrom('uploads').select('id').execute()).toEqual([]);
    expect(await uploadStorageOf(db).open(storageName)).toBeNull();
    expect(await db.selectFrom('rate_events').select('bucket').execute()).toEqual([{ bucket: 'housekeeping-live' }]);
  });

  it('runs once an hour for all callers on one database, however many ask at once', async () => {
    const { db } = backend();
    const now = Date.parse('2027-06-01T00:00:00.000Z');
    expect(await Promise.all([runHousekeeping(db, now), runHousekeeping(db, now)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await runHousekeeping(db, now + HOUSEKEEPING_INTERVAL_MS - 1)).toBe(false);
    expect(await runHousekeeping(db, now + HOUSEKEEPING_INTERVAL_MS)).toBe(true);
  });

  it('sweeps what a crash left in this instance’s folder whether or not this call takes the hour’s run', async () => {
    const { db } = backend();
    const now = Date.parse('2027-07-01T00:00:00.000Z');
    const crashLeftover = async () => {
      const leftover = await incomingPath();
      writeFileSync(leftover, Uint8Array.from([1]));
      utimesSync(leftover, new Date(now - 2 * DAY_MS), new Date(now - 2 * DAY_MS));
      return leftover;
    };
    const first = await crashLeftover();
    expect(await runHousekeeping(db, now)).toBe(true);
    expect(existsSync(first)).toBe(false);

    const second = await crashLeftover();
    expect(await runHousekeeping(db, now + 1)).toBe(false);
    expect(existsSync(second)).toBe(false);
  });
});

describe('runHousekeeping, stored files no upload names', () => {
  it('deletes those a day old on either engine, on disk with SQLite and in the database with PostgreSQL', async () => {
    const { db } = backend();
    const now = Date.parse('2027-08-01T00:00:00.000Z');
    /** A file kept as an upload does, whose row never came, stored `ageMs` before `now`. */
    const unrecorded = async (ageMs: number) => {
      const storageName = randomStorageName();
      await uploadStorageOf(db).keep(storageName, receivedFile(Uint8Array.from([1, 2])));
      const at = new Date(now - ageMs);
      if (engineOf(db) === 'postgres') {
        await db
          .updateTable('upload_chunks')
          .set({ created_at: at.getTime() })
          .where('storage_name', '=', storageName)
          .execute();
      } else {
        utimesSync(path.join(uploadsDir(), storageName), at, at);
      }
      return storageName;
    };
    const old = await unrecorded(2 * DAY_MS);
    const recent = await unrecorded(DAY_MS / 2);

    expect(await runHousekeeping(db, now)).toBe(true);
    expect(await uploadStorageOf(db).open(old)).toBeNull();
    const kept = await uploadStorageOf(db).open(recent);
    await kept?.cancel();
    expect(kept).not.toBeNull();
  });
});

describe('startHousekeepingWhenDue', () => {
  it('starts a run at most once an hour in a process, and logs a failed one without throwing', async () => {
    Reflect.deleteProperty(globalThis, Symbol.for('encuesta.server.housekeeping'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A database that fails at once: each started run shows as one call.
    const transaction = vi.fn(() => {
      throw new Error('database down');
    });
    const failing = { transaction } as unknown as Db;
    const now = Date.parse('2027-07-01T00:00:00.000Z');

    expect(() => startHousekeepingWhenDue(failing, now)).not.toThrow();
    startHousekeepingWhenDue(failing, now + HOUSEKEEPING_INTERVAL_MS - 1);
    expect(transaction).toHaveBeenCalledTimes(1);
    startHousekeepingWhenDue(failing, now + HOUSEKEEPING_INTERVAL_MS);
    expect(transaction).toHaveBeenCalledTimes(2);
    await expect.poll(() => logged.mock.calls.length).toBe(2);
    expect(logged.mock.calls[0]?.[0]).toMatch(/housekeeping/);
    logged.mockRestore();
    Reflect.deleteProperty(globalThis, Symbol.for('encuesta.server.housekeeping'));
  });
});
