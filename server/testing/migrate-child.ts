/**
 * Child process for the "two processes migrate at once" test: opens (and so migrates) the database described by
 * the JSON in argv[2], then reports the migrations table. Run with `tsx --conditions=react-server`.
 */
import { sql } from 'kysely';

import { createDb, type DbOptions } from '../db/create-db';

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as DbOptions;
  const db = await createDb(options);
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    process.stdout.write(JSON.stringify(rows.rows.map((row) => row.name)));
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
