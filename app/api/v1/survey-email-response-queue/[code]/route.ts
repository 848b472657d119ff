import { z } from 'zod';

import { emailQueueBodySchema } from '@/lib/survey-format/response';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { codeSchema, parseJsonBody, parseParams } from '@/server/http/parse';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { enqueueEmail } from '@/server/queues/email-queue';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ code: codeSchema });

/**
 * POST /api/v1/survey-email-response-queue/{response_code}/ — queues the answers email; needs the token. 201 when
 * queued, 200 when the request repeats one already queued (its `client_key`, or a finished response's e-mail).
 */
export function POST(request: Request, context: { params: Promise<{ code: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    const body = await parseJsonBody(request, emailQueueBodySchema);
    const { row, created } = await enqueueEmail(
      await getDb(),
      code,
      bearerToken(request),
      body,
      Date.now(),
      clientAddress(request),
    );
    return json(row, created ? 201 : 200);
  });
}
