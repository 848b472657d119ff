import { checkPasswordBodySchema } from '@/lib/survey-format/response';
import { checkPassword } from '@/server/passwords/check-password';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { parseJsonBody } from '@/server/http/parse';
import { clientAddress } from '@/server/http/request-headers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/v2/surveys/check-password-repository/ — rate-limited; a right password returns an access token. */
export function POST(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const body = await parseJsonBody(request, checkPasswordBodySchema);
    const result = await checkPassword(await getDb(), {
      surveyId: body.survey_id,
      password: body.password,
      client: clientAddress(request),
      now: Date.now(),
    });
    return json(result);
  });
}
