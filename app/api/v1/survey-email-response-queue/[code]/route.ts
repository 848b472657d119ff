import { z } from 'zod';

import { emailQueueBodySchema } from '@/lib/survey-format/response';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { codeSchema, parseJsonBody, parseParams } from '@/server/http/parse';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { enqueueEmail } from '@/server/queues/email-queue';
import { consumeClientLimit, RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ code: codeSchema });

/**
 * POST /api/v1/survey-email-response-queue/{response_code}/ — queues the answers email; needs the token. 201 when
 * queued, 200 when the request repeats one already queued (its `client_key`, or a finished response's e-mail).
 * Limited per client with the response writes before the token is checked; the e-mails sent have limits of their own.
 */
export function POST(request: Request, context: { params: Promise<{ code: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    const body = await parseJsonBody(request, emailQueueBodySchema);
    const db = await getDb();
    const now = Date.now();
    const client = clientAddress(request);
    await consumeClientLimit(db, RESPONSE_WRITES_PER_CLIENT, client, now);
    const { row, created } = await enqueueEmail(db, code, bearerToken(request), body, now, client);
    return json(row, created ? 201 : 200);
  });
}
