import { z } from 'zod';

/**
 * The one place that reads `process.env` (an ESLint rule bans it elsewhere).
 * Parsed lazily so a build without the variables still works; a bad value fails loudly at first use.
 */
const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Base URL of the survey API; empty means the embedded backend at this server's origin + `/api`. */
  API_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** postgres://… moves the embedded backend from SQLite to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Folder for the SQLite file and uploaded files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Secret for signing gate tokens; generated into DATA_DIR when absent. */
  APP_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Port `next start` listens on; server-side calls to the embedded backend go to loopback on it. */
  PORT: z.coerce.number().int().positive().default(3000),
  /**
   * Set by `next start` itself once it listens (`http://[::1]:3000` for `-H ::1`): the address this very server
   * answers on. Next's own variable, so a value it changes shape of is ignored rather than fatal.
   */
  __NEXT_PRIVATE_ORIGIN: z.url().optional().catch(undefined),
  SENTRY_DSN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Seed the demo surveys at start-up. Unset: only with the embedded SQLite database (a fresh machine, a demo); a
   * deployment on PostgreSQL gets them only when it asks (`SEED_DEMO=true`).
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /**
   * How many proxies in front of this server to believe in `X-Forwarded-For` (0: none; the client is the TCP
   * peer). Each trusted proxy appends the address it saw; the client is the entry that many places from the end.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Set by scripts/server.mjs in its own process (never by a deployment): the peer header the route handlers read
   * is the socket's, written over any a caller sent (server/http/request-headers.ts).
   */
  ENCUESTA_PEER_FROM_SOCKET: z
    .string()
    .optional()
    .transform((value) => value === '1'),
  /** The public origin (`https://surveys.example.com`), when redirects must be absolute; else they are relative. */
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Who may frame the pages: CSP `frame-ancestors` sources, space-separated (default `'self'`). */
  FRAME_ANCESTORS: z
    .string()
    .regex(/^[\w\s:/.*'-]*$/, 'FRAME_ANCESTORS holds CSP sources: origins, schemes or keywords')
    .default("'self'"),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

let cached: ServerEnv | undefined;

export function getServerEnv(): ServerEnv {
  cached ??= serverEnvSchema.parse(process.env);
  return cached;
}

/** @internal For tests that change variables between cases. */
export function resetServerEnvCache(): void {
  cached = undefined;
}
