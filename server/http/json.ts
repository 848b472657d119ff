import 'server-only';

import { ApiError } from './api-error';

/** Every API answer: JSON, never cached (answers depend on tokens and change with each save). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { 'Cache-Control': 'no-store', ...headers },
  });
}

function errorBody(error: ApiError) {
  return { ...error.extra, code: error.code, detail: error.detail };
}

/**
 * Runs a handler and turns failures into the API's error shape. Only ApiError reaches the client as is;
 * anything else is logged and answered with a generic 500 so internals never leak.
 */
export async function handleRoute(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return json(errorBody(error), error.status, { ...error.headers });
    console.error('[api] unexpected error', error);
    return json({ code: 'unexpected_error', detail: 'Sorry, an unexpected error has occurred, try again.' }, 500);
  }
}
