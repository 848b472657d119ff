import 'server-only';

import type { DatabaseConnection, DialectAdapter, Driver } from 'kysely';
import { CompiledQuery, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';

/**
 * `BEGIN IMMEDIATE` takes SQLite's write lock at the start of every transaction (waiting up to
 * busy_timeout). With plain `BEGIN`, a transaction that reads and then writes fails with
 * SQLITE_BUSY when another process committed in between; immediate transactions instead queue,
 * so read-check-write sequences (finish, seq, rate limit, migrations) stay correct across processes.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite runs DDL inside transactions, so the Migrator may wrap a run in one (Kysely's adapter says
 * it cannot). Together with the immediate driver this makes two processes migrating at once safe:
 * the second waits for the first, then finds nothing left to do.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class SafeSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
