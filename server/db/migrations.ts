import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/**
 * Auto-increment ids are the one place the engines' DDL differs;
 * everything else below is the same SQL on both.
 */
function idColumn(engine: Engine) {
  return (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    engine === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

function withId<T extends string>(builder: CreateTableBuilder<T, never>, engine: Engine) {
  return builder.addColumn('id', 'integer', idColumn(engine));
}

/**
 * In-code migrations (no files to ship next to the bundle). Names sort in run order;
 * a released migration is never edited, only followed by a new one.
 * `db` is untyped on purpose: a migration sees the schema as it was then, not today's `Database`.
 */
export function buildMigrations(engine: Engine): Record<string, Migration> {
  return {
    '2026-01-01-001-initial': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('surveys'), engine)
          .addColumn('code', 'text', (col) => col.notNull().unique())
          .addColumn('definition', 'text', (col) => col.notNull())
          .addColumn('description', 'text')
          .addColumn('password_hash', 'text')
          .addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .execute();

        await withId(db.schema.createTable('responses'), engine)
          .addColumn('code', 'text', (col) => col.notNull().unique())
          .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (col) => col.notNull().unique())
          .addColumn('fingerprint', 'text')
          .addColumn('client_signature', 'text')
          .addColumn('content', 'text', (col) => col.notNull().defaultTo('{}'))
          .addColumn('start_date', 'text')
          .addColumn('created_date', 'text', (col) => col.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('redirected', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('expired_empty', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('expired_partial', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('is_desktop', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('is_mobile', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('is_tablet', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('seq', 'bigint', (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex('responses_survey_completed_idx')
          .on('responses')
          .columns(['survey_id', 'completed'])
          .execute();
        await db.schema
          .createIndex('responses_survey_fingerprint_idx')
          .on('responses')
          .columns(['survey_id', 'fingerprint'])
          .execute();

        await db.schema
          .createTable('uploads')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('response_id', 'integer', (col) => col.notNull().references('responses.id').onDelete('cascade'))
          .addColumn('question_id', 'integer', (col) => col.notNull())
          .addColumn('original_name', 'text', (col) => col.notNull())
          .addColumn('size', 'integer', (col) => col.notNull())
          .addColumn('mime', 'text', (col) => col.notNull())
          .addColumn('extension', 'text', (col) => col.notNull())
          .addColumn('storage_name', 'text', (col) => col.notNull().unique())
          .addColumn('hash_code', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('uploads_response_question_idx')
          .on('uploads')
          .columns(['response_id', 'question_id'])
          .execute();

        await withId(db.schema.createTable('email_queue'), engine)
          .addColumn('response_id', 'integer', (col) => col.notNull().references('responses.id').onDelete('cascade'))
          .addColumn('payload', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();

        await withId(db.schema.createTable('alert_queue'), engine)
          .addColumn('response_id', 'integer', (col) => col.notNull().references('responses.id').onDelete('cascade'))
          .addColumn('alert_id', 'integer', (col) => col.notNull())
          .addColumn('payload', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addUniqueConstraint('alert_queue_response_alert_unique', ['response_id', 'alert_id'])
          .execute();

        await withId(db.schema.createTable('password_attempts'), engine)
          .addColumn('survey_id', 'integer', (col) => col.notNull().references('surveys.id').onDelete('cascade'))
          .addColumn('client', 'text', (col) => col.notNull())
          .addColumn('attempted_at', 'bigint', (col) => col.notNull())
          .addColumn('outcome', 'text', (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('password_attempts_window_idx')
          .on('password_attempts')
          .columns(['survey_id', 'client', 'attempted_at'])
          .execute();

        await db.schema
          .createTable('locks')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('counter', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();

        await db.schema
          .createTable('app_settings')
          .addColumn('key', 'text', (col) => col.primaryKey())
          .addColumn('value', 'text', (col) => col.notNull())
          .execute();
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async down(db: Kysely<any>) {
        for (const table of [
          'app_settings',
          'locks',
          'password_attempts',
          'alert_queue',
          'email_queue',
          'uploads',
          'responses',
          'surveys',
        ]) {
          await db.schema.dropTable(table).ifExists().execute();
        }
      },
    },
    '2026-11-24-001-exactly-once': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async up(db: Kysely<any>) {
        // The browser's name for one create attempt: a repeated create answers the response it made.
        await db.schema.alterTable('responses').addColumn('client_key', 'text').execute();
        await db.schema
          .createIndex('responses_survey_client_key_idx')
          .unique()
          .on('responses')
          .columns(['survey_id', 'client_key'])
          .execute();
        // A repeated upload (its acknowledgement was lost) answers the stored file.
        await db.schema
          .createIndex('uploads_response_question_hash_idx')
          .unique()
          .on('uploads')
          .columns(['response_id', 'question_id', 'hash_code'])
          .execute();
        await db.schema.alterTable('email_queue').addColumn('client_key', 'text').execute();
        await db.schema
          .createIndex('email_queue_response_client_key_idx')
          .unique()
          .on('email_queue')
          .columns(['response_id', 'client_key'])
          .execute();
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('email_queue_response_client_key_idx').execute();
        await db.schema.alterTable('email_queue').dropColumn('client_key').execute();
        await db.schema.dropIndex('uploads_response_question_hash_idx').execute();
        await db.schema.dropIndex('responses_survey_client_key_idx').execute();
        await db.schema.alterTable('responses').dropColumn('client_key').execute();
      },
    },
    '2026-11-24-002-rate-limits': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async up(db: Kysely<any>) {
        // One row per counted request, kept for the window of its limit: shared by every instance on this database.
        await withId(db.schema.createTable('rate_events'), engine)
          .addColumn('bucket', 'text', (col) => col.notNull())
          .addColumn('at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('rate_events_bucket_at_idx').on('rate_events').columns(['bucket', 'at']).execute();
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async down(db: Kysely<any>) {
        await db.schema.dropTable('rate_events').ifExists().execute();
      },
    },
    '2026-11-24-003-upload-blobs': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async up(db: Kysely<any>) {
        // Files live here on PostgreSQL (several instances, one database); on SQLite the table stays empty.
        await db.schema
          .createTable('upload_blobs')
          .addColumn('storage_name', 'text', (col) => col.primaryKey())
          .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
          .execute();
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async down(db: Kysely<any>) {
        await db.schema.dropTable('upload_blobs').ifExists().execute();
      },
    },
    '2026-11-28-001-upload-chunks': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async up(db: Kysely<any>) {
        // Files are stored and served a chunk a row, never read whole into memory; upload_blobs keeps the files
        // stored before, still served.
        await db.schema
          .createTable('upload_chunks')
          .addColumn('storage_name', 'text', (col) => col.notNull())
          .addColumn('seq', 'integer', (col) => col.notNull())
          .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('upload_chunks_pkey', ['storage_name', 'seq'])
          .execute();
        // The sweep of chunks no upload names finds the old files by their first chunks.
        await db.schema
          .createIndex('upload_chunks_seq_created_at_idx')
          .on('upload_chunks')
          .columns(['seq', 'created_at'])
          .execute();
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
      async down(db: Kysely<any>) {
        await db.schema.dropTable('upload_chunks').ifExists().execute();
      },
    },
  };
}
