import 'server-only';

import type { z } from 'zod';

import type { emailQueueBodySchema } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { requireOwnedResponse } from '../responses/response-access';

export type EmailJob = z.output<typeof emailQueueBodySchema>;

export interface QueuedEmail {
  row: { id: number; status: string };
  /** `false` when the request repeated one already queued: nothing new was queued. */
  created: boolean;
}

/**
 * Stores the request for the mail worker (not part of this app); the respondent's address stays server-side.
 * Idempotent: a request repeating the `client_key` of one already queued for the response (its answer was lost)
 * answers that one, and a finished response gets one e-mail at most — the response e-mail — however often the
 * browser asks.
 */
export async function enqueueEmail(
  db: Db,
  responseCode: string,
  token: string | undefined,
  job: EmailJob,
  now: number,
): Promise<QueuedEmail> {
  const response = await requireOwnedResponse(db, responseCode, token);
  const earlier = (clientKey: string | null) => {
    let query = db.selectFrom('email_queue').select(['id', 'status']).where('response_id', '=', response.id);
    if (clientKey !== null) query = query.where('client_key', '=', clientKey);
    return query.orderBy('id').executeTakeFirst();
  };
  const clientKey = job.client_key ?? null;
  const repeated = clientKey !== null ? await earlier(clientKey) : undefined;
  if (repeated) return { row: repeated, created: false };
  if (response.completed === 1) {
    const responseEmail = await earlier(null);
    if (responseEmail) return { row: responseEmail, created: false };
  }
  const row = await db
    .insertInto('email_queue')
    .values({
      response_id: response.id,
      payload: JSON.stringify(job),
      created_at: new Date(now).toISOString(),
      client_key: clientKey,
    })
    .onConflict((conflict) => conflict.columns(['response_id', 'client_key']).doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (row) return { row, created: true };
  const winner = await earlier(clientKey);
  if (!winner) throw new Error(`E-mail request for response ${response.id} stored nothing`);
  return { row: winner, created: false };
}
