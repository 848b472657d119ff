// A request line Next cannot handle: a path that does not decode (`/en/survey/%E0%A4%A`), a request target that is
// no path (`*`, `http://evil.com/en`) or a method no route answers (`TRACE`). Next fails on each before its proxy and
// its headers run, with a bare 500 that carries none of the app's security headers, or takes an absolute target's
// host for a redirect's; a path with a dot segment would pass the proxy by. The production server answers them here
// instead: 400 or 405, a client's error, with the headers next.config.ts gives the API (a response that is no
// document).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configuredHeaders } from './brotli-static.mjs';

/**
 * Whether a request target's path cannot be percent-decoded, or holds a dot segment (`/api/../en`, `/api/%2e%2e/x`).
 * A browser resolves dot segments before it sends a path; Next resolves them after the proxy's matcher has read it,
 * so `/api/../en` would be served as `/en` with no proxy run (its language negotiation and status codes).
 */
export function isMalformedPath(url) {
  const pathname = String(url ?? '').split('?')[0];
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

/**
 * The methods the app answers: its route handlers' GET, POST and PATCH, HEAD with every GET, and OPTIONS, which
 * Next answers for every route handler. No route has PUT or DELETE.
 */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'OPTIONS'];

/**
 * What is wrong with a request line, as the status and reason to answer, or undefined when Next can take it. Only
 * the origin form (`/path?query`) is a target of this server: the asterisk form (`OPTIONS *`) is no URL to Next, and
 * the absolute form (`http://host/path`) would put the caller's host into Next's redirects.
 */
export function requestLineProblem(method, url) {
  if (!String(url ?? '').startsWith('/')) return { status: 400, reason: 'the request target is not a path.' };
  if (isMalformedPath(url)) {
    return { status: 400, reason: 'the path is not valid percent-encoding, or has a dot segment.' };
  }
  if (!ALLOWED_METHODS.includes(method)) return { status: 405, reason: `the method ${method} is not allowed.` };
  return undefined;
}

/** The handler: answers a request line Next cannot handle and returns true, or returns false for the others. */
export function createMalformedPathGuard(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const headers = {
    ...configuredHeaders(manifest, '/api/'),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  };

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  function serve(request, response) {
    const problem = requestLineProblem(request.method, request.url);
    if (!problem) return false;
    const body = `${problem.status === 405 ? 'Method not allowed' : 'Bad request'}: ${problem.reason}`;
    const allow = problem.status === 405 ? { Allow: ALLOWED_METHODS.join(', ') } : {};
    response.writeHead(problem.status, { ...headers, ...allow, 'Content-Length': Buffer.byteLength(body) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  }

  return { serve };
}
