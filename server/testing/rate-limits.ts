import { clientBucket, type ClientLimit } from '@/server/security/rate-limit';

import { currentTestDb } from './test-backend';

/**
 * Counts `count` requests of `client` against `limit` in one write, so a test reaches a limit of thousands a minute
 * with a handful of real requests (thousands of them took longer than a test may on PostgreSQL).
 */
export async function spendClientLimit(limit: ClientLimit, client: string, count: number): Promise<void> {
  const db = await currentTestDb();
  const at = Date.now();
  const bucket = clientBucket(limit, client);
  await db
    .insertInto('rate_events')
    .values(Array.from({ length: count }, () => ({ bucket, at })))
    .execute();
}
