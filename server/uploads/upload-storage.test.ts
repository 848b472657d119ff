import { existsSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { engineOf, type Db } from '../db/create-db';
import { receivedFile } from '../testing/fixtures';
import { setUpTestBackend } from '../testing/test-backend';
import {
  databaseKeeps,
  databaseUploadStorage,
  diskUploadStorage,
  randomStorageName,
  uploadStorageOf,
  type UploadStorage,
} from './upload-storage';

const backend = setUpTestBackend();

async function bytesOf(stream: ReadableStream<Uint8Array> | null): Promise<Buffer | null> {
  return stream === null ? null : Buffer.from(await new Response(stream).arrayBuffer());
}

const CHUNK = 256 * 1024;

/** `length` bytes of a pattern that differs from one chunk to the next. */
function patterned(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 7 + Math.floor(index / CHUNK)) % 256);
}

/** The stored chunks of `storageName`, in order: their seq and their length. */
async function chunksOf(storageName: string): Promise<Array<[number, number]>> {
  const rows = await backend()
    .db.selectFrom('upload_chunks')
    .select(['seq', 'bytes'])
    .where('storage_name', '=', storageName)
    .orderBy('seq')
    .execute();
  return rows.map((row) => [row.seq, row.bytes.byteLength]);
}

/** The byte arrays anywhere in a query: the bytes it sends. */
function bytesIn(node: unknown): Uint8Array[] {
  if (node instanceof Uint8Array) return [node];
  if (typeof node !== 'object' || node === null) return [];
  return Object.values(node).flatMap(bytesIn);
}

/** `db`, handing the byte arrays of each insert to `onInsert` before it runs; a throw there fails the insert. */
function watchingInserts(db: Db, onInsert: (bytes: Uint8Array[]) => void): Db {
  return db.withPlugin({
    transformQuery({ node }) {
      if (node.kind === 'InsertQueryNode') onInsert(bytesIn(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
}

// The same behaviour from each implementation (the database one on SQLite here, on PostgreSQL under test-pg.sh).
describe.each<[string, () => UploadStorage]>([
  ['disk', () => diskUploadStorage(path.join(backend().dataDir, 'stored-files'))],
  ['database', () => databaseUploadStorage(backend().db)],
])('%s upload storage', (_, storage) => {
  it('keeps a received file, serves its exact bytes, and forgets it', async () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 255, 10, 13, 0]);
    const receivedPath = receivedFile(bytes);
    const name = randomStorageName();
    await storage().keep(name, receivedPath);
    expect(existsSync(receivedPath)).toBe(false);
    expect(await bytesOf(await storage().open(name))).toEqual(Buffer.from(bytes));
    await storage().remove(name);
    expect(await storage().open(name)).toBeNull();
  });

  it('answers null for a name never stored, and removing one is fine', async () => {
    expect(await storage().open(randomStorageName())).toBeNull();
    await expect(storage().remove(randomStorageName())).resolves.toBeUndefined();
  });

  it('refuses a name that could leave its place', async () => {
    await expect(storage().open('../app.db')).rejects.toThrow(/Bad storage name/);
    await expect(storage().keep('a/b', receivedFile(Uint8Array.from([1])))).rejects.toThrow(/Bad storage name/);
  });

  it('keeps files apart, and a large one whole', async () => {
    const large = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, index) => (index * 31) % 256);
    const [first, second] = [randomStorageName(), randomStorageName()];
    await storage().keep(first, receivedFile(large));
    await storage().keep(second, receivedFile(Uint8Array.from([7])));
    expect((await bytesOf(await storage().open(first)))?.equals(Buffer.from(large))).toBe(true);
    expect(await bytesOf(await storage().open(second))).toEqual(Buffer.from([7]));
  });
});

describe('uploadStorageOf', () => {
  it('keeps files in the database on PostgreSQL, where several instances share it, and on disk with SQLite', async () => {
    const { db, dataDir } = backend();
    const name = randomStorageName();
    await uploadStorageOf(db).keep(name, receivedFile(Uint8Array.from([42])));
    const inDatabase = await db
      .selectFrom('upload_chunks')
      .select('storage_name')
      .where('storage_name', '=', name)
      .execute();
    const onDisk = existsSync(path.join(dataDir, 'uploads', name));
    if (engineOf(db) === 'postgres') {
      expect([inDatabase.length, onDisk]).toEqual([1, false]);
    } else {
      expect([inDatabase.length, onDisk]).toEqual([0, true]);
    }
  });
});

describe('database upload storage in chunks', () => {
  it('stores a file a chunk a row and serves it byte-exact', async () => {
    const storage = databaseUploadStorage(backend().db);
    const bytes = patterned(2 * CHUNK + 17);
    const name = randomStorageName();
    await storage.keep(name, receivedFile(bytes));
    expect(await chunksOf(name)).toEqual([
      [0, CHUNK],
      [1, CHUNK],
      [2, 17],
    ]);
    expect((await bytesOf(await storage.open(name)))?.equals(bytes)).toBe(true);
    await storage.remove(name);
    expect(await chunksOf(name)).toEqual([]);
    expect(await storage.open(name)).toBeNull();
  });

  it('stores an empty file as one empty chunk and serves it as an empty body', async () => {
    const storage = databaseUploadStorage(backend().db);
    const name = randomStorageName();
    await storage.keep(name, receivedFile(new Uint8Array(0)));
    expect(await chunksOf(name)).toEqual([[0, 0]]);
    expect(await bytesOf(await storage.open(name))).toEqual(Buffer.alloc(0));
  });

  it('never reads the file whole: no insert carries more than one chunk', async () => {
    const inserted: number[][] = [];
    const storage = databaseUploadStorage(
      watchingInserts(backend().db, (bytes) => inserted.push(bytes.map((chunk) => chunk.byteLength))),
    );
    const bytes = patterned(3 * CHUNK + 1);
    const name = randomStorageName();
    await storage.keep(name, receivedFile(bytes));
    expect(inserted).toEqual([[CHUNK], [CHUNK], [CHUNK], [1]]);
    expect((await bytesOf(await storage.open(name)))?.equals(bytes)).toBe(true);
  });

  it('stores nothing of a file whose keep fails midway, and removes the received file all the same', async () => {
    let inserts = 0;
    const storage = databaseUploadStorage(
      watchingInserts(backend().db, () => {
        inserts += 1;
        if (inserts === 2) throw new Error('The database went away');
      }),
    );
    const receivedPath = receivedFile(patterned(2 * CHUNK + 17));
    const name = randomStorageName();
    await expect(storage.keep(name, receivedPath)).rejects.toThrow(/went away/);
    expect(inserts).toBe(2);
    expect(await chunksOf(name)).toEqual([]);
    expect(existsSync(receivedPath)).toBe(false);
    expect(await storage.open(name)).toBeNull();
  });
});

describe('database upload storage under a burst', () => {
  it('stores 4 files at once and queues 32, and refuses one more with 429, keeping none of it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = Array.from({ length: 4 + 32 }, () => databaseKeeps(() => held));
    const storage = databaseUploadStorage(backend().db);
    const receivedPath = receivedFile(Uint8Array.from([1, 2, 3]));
    const name = randomStorageName();
    await expect(storage.keep(name, receivedPath)).rejects.toMatchObject({ status: 429 });
    expect(existsSync(receivedPath)).toBe(false);
    release();
    await Promise.all(holding);
    expect(await chunksOf(name)).toEqual([]);
    await storage.keep(name, receivedFile(Uint8Array.from([1, 2, 3])));
    expect(await chunksOf(name)).toEqual([[0, 3]]);
  });
});

describe('database upload storage after an upgrade', () => {
  it('still serves and removes a file stored whole in upload_blobs, beside one stored in chunks', async () => {
    const { db } = backend();
    const storage = databaseUploadStorage(db);
    const whole = Buffer.from(patterned(CHUNK + 3));
    const [legacy, chunked] = [randomStorageName(), randomStorageName()];
    await db.insertInto('upload_blobs').values({ storage_name: legacy, bytes: whole }).execute();
    await storage.keep(chunked, receivedFile(Uint8Array.from([4, 5])));
    expect(await chunksOf(chunked)).toEqual([[0, 2]]);

    const reader = (await storage.open(legacy))!.getReader();
    const read: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) read.push(next.value);
    expect(read.map((chunk) => chunk.byteLength)).toEqual([CHUNK, 3]);
    expect(Buffer.concat(read).equals(whole)).toBe(true);
    expect(await bytesOf(await storage.open(chunked))).toEqual(Buffer.from([4, 5]));

    await storage.remove(legacy);
    await storage.remove(chunked);
    expect(
      await db.selectFrom('upload_blobs').select('storage_name').where('storage_name', '=', legacy).execute(),
    ).toEqual([]);
    expect(await chunksOf(chunked)).toEqual([]);
    expect(await storage.open(legacy)).toBeNull();
    expect(await storage.open(chunked)).toBeNull();
  });

  it('still serves and removes a file an instance kept on its disk before files moved into the database', async () => {
    const disk = diskUploadStorage(path.join(backend().dataDir, 'kept-before'));
    const name = randomStorageName();
    await disk.keep(name, receivedFile(Uint8Array.from([9, 9])));
    const storage = databaseUploadStorage(backend().db, disk);
    expect(await bytesOf(await storage.open(name))).toEqual(Buffer.from([9, 9]));
    await storage.remove(name);
    expect(await disk.open(name)).toBeNull();
  });
});

describe('database upload storage while serving', () => {
  it('reads a file in chunks as it is read, so a download never holds the whole file', async () => {
    const storage = databaseUploadStorage(backend().db);
    const large = Uint8Array.from({ length: 1024 * 1024 + 5 }, (_, index) => (index * 7) % 256);
    const name = randomStorageName();
    await storage.keep(name, receivedFile(large));
    const reader = (await storage.open(name))!.getReader();
    const sizes: number[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) sizes.push(read.value.byteLength);
    expect(sizes).toEqual([262_144, 262_144, 262_144, 262_144, 5]);
  });

  it('holds no read slot for a download nobody reads (a HEAD, a receiver gone): more than the slots stay servable', async () => {
    const storage = databaseUploadStorage(backend().db);
    const name = randomStorageName();
    await storage.keep(name, receivedFile(Uint8Array.from([1, 2, 3])));
    // More than the 8 reads at once and 32 waiting, opened one after another and never read nor cancelled.
    const abandoned = [];
    for (let index = 0; index < 50; index += 1) abandoned.push(await storage.open(name));
    expect(await bytesOf((await storage.open(name))!)).toEqual(Buffer.from([1, 2, 3]));
    expect(await bytesOf(abandoned[0]!)).toEqual(Buffer.from([1, 2, 3]));
  });
});
