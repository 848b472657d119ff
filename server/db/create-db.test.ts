import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { setUpTestBackend } from '../testing/test-backend';
import { createDb } from './create-db';
import { withLock } from './lock';

const run = promisify(execFile);
const backend = setUpTestBackend();
const root = path.resolve(__dirname, '../..');

const MIGRATIONS = [
  '2026-01-01-001-initial',
  '2026-11-24-001-exactly-once',
  '2026-11-24-002-rate-limits',
  '2026-11-24-003-upload-blobs',
  '2026-11-28-001-upload-chunks',
];

describe('createDb', () => {
  it('migrates idempotently: opening an up-to-date database again changes nothing', async () => {
    const { options } = backend();
    const again = await createDb(options);
    const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(again);
    expect(migrations.rows.map((row) => row.name)).toEqual(MIGRATIONS);
    await again.destroy();
  });

  it('two processes starting at once both succeed on one database', async () => {
    const { options } = backend();
    // A fresh database (a new file, or a new schema) that neither process has seen.
    const fresh =
      options.engine === 'sqlite'
        ? { ...options, file: `${options.file}.concurrent.db` }
        : { ...options, schema: `${options.schema}_c` };
    const child = () =>
      run(
        path.join(root, 'node_modules/.bin/tsx'),
        ['--conditions=react-server', 'server/testing/migrate-child.ts', JSON.stringify(fresh)],
        // No shared compile cache: the two children must race on the database only, not on tsx's files.
        { cwd: root, env: { ...process.env, TSX_DISABLE_CACHE: '1' } },
      ).catch((error: { code?: number; stderr?: string }) => {
        // A plain error whose message holds no line that reads as a stack frame: Vitest parses every `at …` line of
        // an error's stack, message included, and looks each file's source map up. A CI run once failed in this file
        // with Vitest's own error on unreadable source-map data in place of the test's.
        const stderr = String(error.stderr)
          .slice(0, 2000)
          .replace(/^(\s*)at /gm, '$1(at) ');
        throw new Error(`migrate-child exited with ${error.code}: ${stderr}`, { cause: null });
      });
    const results = await Promise.all([child(), child()]);
    for (const result of results) expect(JSON.parse(result.stdout)).toEqual(MIGRATIONS);
    if (fresh.engine === 'postgres') {
      await sql`drop schema ${sql.id(fresh.schema ?? '')} cascade`.execute(backend().db);
    }
  }, 60_000);

  it('SQLite runs in WAL mode with full sync and foreign keys', async () => {
    const { db, options } = backend();
    if (options.engine !== 'sqlite') return;
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('foreign keys hold on both engines', async () => {
    const { db } = backend();
    await expect(
      db
        .insertInto('responses')
        .values({
          code: 'orphan',
          survey_id: 424242,
          token_hash: 'x',
          created_date: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('withLock serialises work on one key and leaves no lock rows behind', async () => {
    const { db } = backend();
    const order: string[] = [];
    const step = (name: string, ms: number) =>
      withLock(db, 'test-key', async () => {
        order.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name}:end`);
      });
    await Promise.all([step('a', 30), step('b', 1)]);
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
    expect(await db.selectFrom('locks').selectAll().execute()).toEqual([]);
  });
});
