import 'server-only';

import type { Transaction } from 'kysely';

import type { Db } from './create-db';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction that no other `withLock` on the same `name` overlaps.
 * PostgreSQL: the upsert takes a row lock on `locks.name`, held to commit; a waiter whose row was deleted in the
 * meantime simply inserts it again. SQLite: transactions already take the write lock at BEGIN
 * (sqlite-dialect.ts), so the upsert is a cheap formality. The row is deleted before commit, so the table stays
 * empty at rest however many keys are used.
 */
export async function withLock<T>(db: Db, name: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('locks')
      .values({ name, counter: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ counter: eb('locks.counter', '+', 1) })))
      .execute();
    const result = await work(trx);
    await trx.deleteFrom('locks').where('name', '=', name).execute();
    return result;
  });
}
