import { listDemoSurveys, type DemoSurveySummary } from '@/server/demo/list-demo-surveys';
import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { createRecentReads } from '@/lib/recent-reads';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/**
 * One read of the list a second for each language: it carries nothing of the caller, and each read parses every
 * demo survey, so a flood of calls costs the database and the parser one read a second (docs/security.md). A failed
 * read is not shared.
 */
const recentLists = createRecentReads<DemoSurveySummary[]>({ ttlMs: 1_000, maxEntries: 40 });

/** GET /api/demo-surveys/?lang=en — `[{ code, title, description? }]` of the seeded demo surveys. */
export function GET(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const asked = new URL(request.url).searchParams.get('lang');
    const lang = asked !== null && LANGUAGE_CODE.test(asked) ? asked : undefined;
    const list = await recentLists.get(
      lang ?? '',
      async () => listDemoSurveys(await getDb(), lang),
      () => true,
    );
    return json(list);
  });
}
