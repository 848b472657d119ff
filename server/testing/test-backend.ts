import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';
import { afterAll, beforeAll, vi } from 'vitest';

import { getServerEnv, resetServerEnvCache } from '@/lib/env';

import { createDb, type Db, type DbOptions } from '../db/create-db';

interface TestBackend {
  db: Db;
  dataDir: string;
  options: DbOptions;
}

let current: TestBackend | undefined;

/** A fresh PostgreSQL schema per test file: files run in parallel against one database without meeting. */
function freshSchemaName(): string {
  return `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Gives the calling test file its own backend: a temporary DATA_DIR (uploads, SQLite file) and a database on
 * the engine DATABASE_URL selects (SQLite by default, PostgreSQL in a fresh schema when set).
 */
export function setUpTestBackend(): () => TestBackend {
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'encuesta-api-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SEED_DEMO', 'false');
    resetServerEnvCache();
    const url = getServerEnv().DATABASE_URL;
    const options: DbOptions =
      url === undefined
        ? { engine: 'sqlite', file: path.join(dataDir, 'app.db') }
        : { engine: 'postgres', connectionString: url, schema: freshSchemaName(), poolSize: 4 };
    current = { db: await createDb(options), dataDir, options };
  });
  afterAll(async () => {
    if (current === undefined) return;
    const { db, dataDir, options } = current;
    if (options.engine === 'postgres' && options.schema !== undefined) {
      await sql`drop schema ${sql.id(options.schema)} cascade`.execute(db);
    }
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    current = undefined;
    vi.unstubAllEnvs();
    resetServerEnvCache();
  });
  return () => {
    if (current === undefined) throw new Error('setUpTestBackend: the backend exists only inside tests');
    return current;
  };
}

/** Stand-in for server/db/get-db in route tests (see mock-get-db.ts). */
export async function currentTestDb(): Promise<Db> {
  if (current === undefined) throw new Error('No test backend: call setUpTestBackend() in the test file');
  return current.db;
}
