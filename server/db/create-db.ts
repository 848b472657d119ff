import 'server-only';

import { mkdirSync } from 'node:fs';
import path from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';

import { buildMigrations, type Engine } from './migrations';
import type { Database } from './schema';
import { SafeSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;

export type DbOptions =
  | { engine: 'sqlite'; file: string }
  | {
      engine: 'postgres';
      connectionString: string;
      /** A schema of its own (created if missing), e.g. one per test file. Default: `public`. */
      schema?: string;
      poolSize?: number;
    };

const SQLITE_BUSY_TIMEOUT_MS = 5000;
const PG_INT8_OID = 20;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // WAL lets readers run beside one writer (dev server + CLI); FULL makes a commit survive power loss.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SafeSqliteDialect({ database }) });
}

async function ensurePgSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a duplicate; the schema exists.
    if (!(error instanceof Error && 'code' in error && error.code === '23505')) throw error;
  } finally {
    await client.end();
  }
}

async function openPostgres(options: Extract<DbOptions, { engine: 'postgres' }>): Promise<Db> {
  if (options.schema !== undefined) {
    if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
    await ensurePgSchema(options.connectionString, options.schema);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
    // Counts and bigint columns (seq, attempted_at) stay far below 2^53: read them as numbers
    // so both engines hand the same types to the code.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function migrate(db: Db, engine: Engine, schema: string | undefined): Promise<void> {
  const migrations = buildMigrations(engine);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks its bookkeeping tables up across all schemas unless told which one is ours.
    ...(engine === 'postgres' ? { migrationTableSchema: schema ?? 'public' } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed`, { cause: error });
  }
}

const engines = new WeakMap<Db, Engine>();

/** The engine under a database opened by `createDb`. */
export function engineOf(db: Db): Engine {
  const engine = engines.get(db);
  if (engine === undefined) throw new Error('engineOf: a database not opened by createDb');
  return engine;
}

/** Opens a database and brings its schema up to date. Safe to call from several processes at once. */
export async function createDb(options: DbOptions): Promise<Db> {
  const db = options.engine === 'sqlite' ? openSqlite(options.file) : await openPostgres(options);
  engines.set(db, options.engine);
  try {
    await migrate(db, options.engine, options.engine === 'postgres' ? options.schema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
