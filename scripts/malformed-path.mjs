// A request whose path does not decode (`/en/survey/%E0%A4%A`): Next fails on it before its proxy and its headers
// run, with a bare 500 that carries none of the app's security headers. One with a dot segment would pass the proxy
// by. The production server answers it here
// instead: 400, a client's error, with the headers next.config.ts gives the API (a response that is no document).
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

/** The handler: answers a request with a malformed path and returns true, or returns false for the others. */
export function createMalformedPathGuard(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const headers = {
    ...configuredHeaders(manifest, '/api/'),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  };

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  function serve(request, response) {
    if (!isMalformedPath(request.url)) return false;
    const body = 'Bad request: the path is not valid percent-encoding, or has a dot segment.';
    response.writeHead(400, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  }

  return { serve };
}
