import type { Generated, Selectable } from 'kysely';

/**
 * Table types shared by both engines. Portable column types only:
 * - JSON is stored as text (SQLite has no JSON type, and we never query inside it);
 * - flags are integers 0/1 (SQLite has no boolean);
 * - instants are ISO-8601 text, except where we compare them in SQL (epoch milliseconds).
 */
export interface SurveysTable {
  id: Generated<number>;
  code: string;
  /** The survey definition as imported, without `survey_code` and `password`. */
  definition: string;
  /** Optional `Text` (JSON) shown on the home page's demo list. */
  description: string | null;
  /** scrypt hash (see server/security/password-hash.ts), or null for an open survey. */
  password_hash: string | null;
  is_demo: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ResponsesTable {
  id: Generated<number>;
  /** The resume capability: ≥96 random bits, URL-safe. */
  code: string;
  survey_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  fingerprint: string | null;
  client_signature: string | null;
  content: Generated<string>;
  start_date: string | null;
  created_date: string;
  finished_at: string | null;
  completed: Generated<number>;
  redirected: Generated<number>;
  expired_empty: Generated<number>;
  expired_partial: Generated<number>;
  is_desktop: Generated<number>;
  is_mobile: Generated<number>;
  is_tablet: Generated<number>;
  /** The highest save sequence applied so far (see PATCH `seq`). */
  seq: Generated<number>;
  /** The browser's name for the create that made it (survey-format.md "Exactly-once extensions"); unique per survey. */
  client_key: string | null;
}

export interface UploadsTable {
  /** Random URL-safe id, also the answer value stored in `content`. */
  id: string;
  response_id: number;
  question_id: number;
  original_name: string;
  size: number;
  mime: string;
  extension: string;
  /** The stored file's name in the upload storage (upload-storage.ts); random, no extension. */
  storage_name: string;
  hash_code: string | null;
  created_at: string;
}

export interface EmailQueueTable {
  id: Generated<number>;
  response_id: number;
  payload: string;
  status: Generated<string>;
  created_at: string;
  /** The request's idempotency key; unique per response. */
  client_key: string | null;
}

export interface AlertQueueTable {
  id: Generated<number>;
  response_id: number;
  alert_id: number;
  payload: string;
  status: Generated<string>;
  created_at: string;
}

export interface PasswordAttemptsTable {
  id: Generated<number>;
  survey_id: number;
  client: string;
  /** Epoch milliseconds: compared in SQL for the sliding window. */
  attempted_at: number;
  /** 'pending' while the hash is being checked, then 'wrong' (right answers are deleted). */
  outcome: string;
}

/** Rows that exist only while a transaction holds them (see lock.ts): empty at rest. */
export interface LocksTable {
  name: string;
  counter: Generated<number>;
}

/** A counted request of a rate limit (rate-limit.ts): the bucket names the limit and whom it counts. */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  /** Epoch milliseconds: compared in SQL for the sliding window. */
  at: number;
}

/** Files stored whole in one row, before upload_chunks: still served and removed, no longer written. */
export interface UploadBlobsTable {
  storage_name: string;
  bytes: Uint8Array;
}

/**
 * Uploaded files when the database is PostgreSQL, so every instance on it serves every file (upload-storage.ts):
 * a file is rows `seq` 0, 1, … of at most 256 KiB each, an empty file one empty row.
 */
export interface UploadChunksTable {
  storage_name: string;
  seq: number;
  bytes: Uint8Array;
  /** Epoch milliseconds, the same in every row of a file: compared in SQL by the sweep of files no upload names. */
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  surveys: SurveysTable;
  responses: ResponsesTable;
  uploads: UploadsTable;
  email_queue: EmailQueueTable;
  alert_queue: AlertQueueTable;
  password_attempts: PasswordAttemptsTable;
  locks: LocksTable;
  app_settings: AppSettingsTable;
  rate_events: RateEventsTable;
  upload_blobs: UploadBlobsTable;
  upload_chunks: UploadChunksTable;
}

export type SurveyRow = Selectable<SurveysTable>;
export type ResponseRow = Selectable<ResponsesTable>;
