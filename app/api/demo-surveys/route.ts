import { listDemoSurveys } from '@/server/demo/list-demo-surveys';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/** GET /api/demo-surveys/?lang=en — `[{ code, title, description? }]` of the seeded demo surveys. */
export function GET(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const lang = new URL(request.url).searchParams.get('lang');
    return json(await listDemoSurveys(await getDb(), lang !== null && LANGUAGE_CODE.test(lang) ? lang : undefined));
  });
}
