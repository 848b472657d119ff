import 'server-only';

import { getServerEnv } from '@/lib/env';

import type { Db } from '../db/create-db';
import { randomToken } from './random-token';

const SETTING_KEY = 'gate_token_secret';
const generated = new WeakMap<Db, Promise<string>>();

/**
 * The HMAC key for gate tokens: APP_SECRET when configured; otherwise one generated on first use and kept in
 * the database, so every process and every instance behind a load balancer (PostgreSQL) signs with the same key.
 * The insert-if-absent followed by a read makes two processes racing here agree on one value.
 */
export function getAppSecret(db: Db): Promise<string> {
  const configured = getServerEnv().APP_SECRET;
  if (configured !== undefined) return Promise.resolve(configured);
  let secret = generated.get(db);
  if (secret === undefined) {
    // A failed first read (the database not up yet) is not kept: the next request tries again.
    secret = loadOrCreate(db).catch((error: unknown) => {
      generated.delete(db);
      throw error;
    });
    generated.set(db, secret);
  }
  return secret;
}

async function loadOrCreate(db: Db): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: randomToken(32) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
