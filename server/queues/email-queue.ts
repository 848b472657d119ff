import 'server-only';

import type { z } from 'zod';

import type { emailQueueBodySchema } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { requireOwnedResponse } from '../responses/response-access';

export type EmailJob = z.output<typeof emailQueueBodySchema>;

/** Stores the request for the mail worker (not part of this app); the respondent's address stays server-side. */
export async function enqueueEmail(
  db: Db,
  responseCode: string,
  token: string | undefined,
  job: EmailJob,
  now: number,
): Promise<{ id: number; status: string }> {
  const response = await requireOwnedResponse(db, responseCode, token);
  const row = await db
    .insertInto('email_queue')
    .values({ response_id: response.id, payload: JSON.stringify(job), created_at: new Date(now).toISOString() })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  return row;
}
