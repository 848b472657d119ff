import { z } from 'zod';

import { alertQueueBodySchema } from '@/lib/survey-format/response';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { codeSchema, idParamSchema, parseJsonBody, parseParams } from '@/server/http/parse';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { enqueueAlert } from '@/server/queues/alert-queue';
import { consumeClientLimit, RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ code: codeSchema, alertId: idParamSchema });

/**
 * POST /api/v1/survey-alert-queue/{response_code}/{alert_id}/ — 201 the first time, 200 `{duplicate: true}` after;
 * limited per client with the response writes.
 */
export function POST(
  request: Request,
  context: { params: Promise<{ code: string; alertId: string }> },
): Promise<Response> {
  return handleRoute(async () => {
    const { code, alertId } = await parseParams(context.params, paramsSchema);
    const body = await parseJsonBody(request, alertQueueBodySchema);
    const db = await getDb();
    const now = Date.now();
    const client = clientAddress(request);
    await consumeClientLimit(db, RESPONSE_WRITES_PER_CLIENT, client, now);
    const result = await enqueueAlert(db, code, bearerToken(request), alertId, body, now, client);
    return json(result, result.duplicate ? 200 : 201);
  });
}
