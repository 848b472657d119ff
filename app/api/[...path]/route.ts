import { getServerEnv } from '@/lib/env';
import { hyphenatedSurveyPath } from '@/lib/url';
import { notFound } from '@/server/http/api-error';
import { handleRoute } from '@/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Every API path no other route answers. Spec §2: a path with both `_` and `survey` (`/api/v1/read_survey/…`, the
 * calls' older spelling) moves permanently to its hyphenated form, as pages do in the proxy, which the API's paths
 * skip. A call that writes moves with 308, the permanent redirect that keeps its method and body: after a 301, fetch
 * and browsers send a POST again as a GET without its body, and other clients may do so for any method. Anything else is the API's own 404, JSON like its other answers.
 */
function answer(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const url = new URL(request.url);
    const hyphenated = hyphenatedSurveyPath(url.pathname);
    if (hyphenated === undefined) throw notFound('No such API call');
    // Relative unless PUBLIC_URL is set: `Host` and `X-Forwarded-*` are the caller's words (docs/security.md).
    const publicUrl = getServerEnv().PUBLIC_URL;
    const path = `${hyphenated}${url.search}`;
    const location = publicUrl ? new URL(path, publicUrl).href : path;
    return new Response(null, {
      status: request.method === 'GET' || request.method === 'HEAD' ? 301 : 308,
      headers: { Location: location, 'Cache-Control': 'no-store' },
    });
  });
}

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
