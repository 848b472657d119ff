import { z } from 'zod';

import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { codeSchema, parseParams } from '@/server/http/parse';
import { bearerToken } from '@/server/http/request-headers';
import { readSurvey } from '@/server/surveys/read-survey';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ code: codeSchema });

/** GET /api/v1/read-survey/{survey_code}/ — `Authorization: Bearer <access_token>` opens a password gate. */
export function GET(request: Request, context: { params: Promise<{ code: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { code } = await parseParams(context.params, paramsSchema);
    return json(await readSurvey(await getDb(), code, bearerToken(request), Date.now()));
  });
}
