import { z } from 'zod';

import { getResponseParamsSchema, patchResponseBodySchema } from '@/lib/survey-format/response';
import { getDb } from '@/server/db/get-db';
import { badRequest } from '@/server/http/api-error';
import { json, handleRoute } from '@/server/http/json';
import { codeSchema, parseJsonBody, parseParams } from '@/server/http/parse';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { createResponse, createResponseRequestSchema } from '@/server/responses/create-response';
import { patchResponse } from '@/server/responses/patch-response';
import { readResponse } from '@/server/responses/read-response';
import {
  consumeClientLimit,
  RESPONSE_READS_PER_CLIENT,
  RESPONSE_WRITES_PER_CLIENT,
} from '@/server/security/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// One folder serves both meanings of the segment: POST takes a survey code, GET and PATCH a response code.
const paramsSchema = z.object({ code: codeSchema });
type Context = { params: Promise<{ code: string }> };

/**
 * POST /api/v1/survey-response/{survey_code}/ — starts a response; answers 201 with its code and write token, or
 * 200 with the same ones when the body's `client_key` names a response already made (a replayed create).
 */
export function POST(request: Request, context: Context): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    const body = await parseJsonBody(request, createResponseRequestSchema);
    const { response, created } = await createResponse(await getDb(), {
      surveyCode: code,
      body,
      gateToken: bearerToken(request),
      userAgent: request.headers.get('user-agent'),
      client: clientAddress(request),
      now: Date.now(),
    });
    return json(response, created ? 201 : 200);
  });
}

/**
 * GET /api/v1/survey-response/{response_code}/ — the response; a finished one's answers only with its token.
 * Anonymous, so limited per client (RESPONSE_READS_PER_CLIENT).
 */
export function GET(request: Request, context: Context): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    const search = new URL(request.url).searchParams;
    const survey = search.get('survey');
    const query = getResponseParamsSchema.safeParse({
      survey: survey === null ? undefined : /^\d{1,9}$/.test(survey) ? Number(survey) : survey,
      fingerprint: search.get('fingerprint') ?? undefined,
      client_signature: search.get('client_signature') ?? undefined,
    });
    if (!query.success) throw badRequest('invalid_params', 'The query parameter "survey" must be a survey id.');
    const db = await getDb();
    const now = Date.now();
    await consumeClientLimit(db, RESPONSE_READS_PER_CLIENT, clientAddress(request), now);
    return json(await readResponse(db, code, bearerToken(request), query.data.survey));
  });
}

/**
 * PATCH /api/v1/survey-response/{response_code}/ — one of the six updates, with `seq`; needs the token. Limited per
 * client before the token is checked (RESPONSE_WRITES_PER_CLIENT).
 */
export function PATCH(request: Request, context: Context): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    const body = await parseJsonBody(request, patchResponseBodySchema);
    const db = await getDb();
    const now = Date.now();
    await consumeClientLimit(db, RESPONSE_WRITES_PER_CLIENT, clientAddress(request), now);
    return json(await patchResponse(db, code, bearerToken(request), body, now));
  });
}
