import 'server-only';

import path from 'node:path';

import { getServerEnv } from '@/lib/env';

import { seedDemoSurveys } from '../demo/seed-demo';
import { startHousekeepingWhenDue } from '../housekeeping/housekeeping';
import { createDb, type Db } from './create-db';

/** Kept on globalThis so that Next's dev-mode module reloads reuse one pool instead of opening one per edit. */
const globalKey = Symbol.for('encuesta.server.db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Db> };

/** The database the environment names (DATABASE_URL, else `${DATA_DIR}/app.db`), migrated. For the CLI too. */
export function createDbFromEnv(): Promise<Db> {
  const env = getServerEnv();
  return createDb(
    env.DATABASE_URL !== undefined
      ? { engine: 'postgres', connectionString: env.DATABASE_URL }
      : { engine: 'sqlite', file: path.resolve(env.DATA_DIR, 'app.db') },
  );
}

/** Demo surveys are seeded on the embedded SQLite database unless told not to, on PostgreSQL only when asked. */
export function seedsDemo(env: Pick<ReturnType<typeof getServerEnv>, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  return env.SEED_DEMO ?? env.DATABASE_URL === undefined;
}

async function openAppDb(): Promise<Db> {
  const db = await createDbFromEnv();
  if (seedsDemo(getServerEnv())) await seedDemoSurveys(db, Date.now());
  return db;
}

/**
 * The process's database, migrated (and seeded with the demo surveys when SEED_DEMO) on first use.
 * A failed start is not memoised, so the next request tries again. Every request asks for it, so it also starts the
 * hourly housekeeping (housekeeping.ts) in the background.
 */
export async function getDb(): Promise<Db> {
  const holder = globalThis as GlobalWithDb;
  holder[globalKey] ??= openAppDb().catch((error: unknown) => {
    holder[globalKey] = undefined;
    throw error;
  });
  const db = await holder[globalKey];
  startHousekeepingWhenDue(db, Date.now());
  return db;
}
