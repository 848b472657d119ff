// The production server (`npm start`, the e2e suite): Next's request handler behind a plain Node HTTP server that
// writes the TCP peer's address into `x-encuesta-peer`, replacing whatever a caller sent under that name. Route
// handlers cannot see the socket, and `X-Forwarded-For` is written by the caller: this header is the one address a
// client cannot choose (server/http/request-headers.ts; `TRUST_PROXY` says how many proxies in front to believe).
// Options as `next start`: -H/--hostname (default: every interface), -p/--port (default PORT, else 3000), and
// --dir, the app's folder (default: this one; `npm run bench` serves its Next-alone baseline with it).
// In front of Next: a 400 for a path that does not decode or a target that is no path, a 405 for a method no route
// answers (malformed-path.mjs), the build's scripts in brotli (brotli-static.mjs) and pages alike shared for a
// second, each with a nonce of its own and its scripts in few files, its own staged behind the framework's
// (page-cache.mjs, staged-scripts.mjs, script-bundles.mjs).
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { createBrotliStatic } from './brotli-static.mjs';
import { createMalformedPathGuard } from './malformed-path.mjs';
import { createPageCache } from './page-cache.mjs';
import { createScriptBundles } from './script-bundles.mjs';
import { frameworkScriptsOf } from './staged-scripts.mjs';

const PEER_HEADER = 'x-encuesta-peer';
// Tells the route handlers (server/http/request-headers.ts) that the header above is the socket's, not a caller's.
process.env.ENCUESTA_PEER_FROM_SOCKET = '1';

/**
 * Whether the browser came over https is the socket's to say (this server speaks http), or, behind `TRUST_PROXY`
 * trusted proxies, the last one's `X-Forwarded-Proto`. Next takes that header, which a caller writes, for the
 * request's protocol (proxy.ts sends HSTS and a cookie's `Secure` by it): it is written here over the caller's.
 */
const trustsProxies = Number(process.env.TRUST_PROXY ?? 0) > 0;
function forwardedProto(request) {
  const last = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')
    .at(-1)
    ?.trim()
    .toLowerCase();
  return trustsProxies && (last === 'https' || last === 'http') ? last : 'http';
}

function option(names) {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => names.includes(arg));
  return index >= 0 ? args[index + 1] : undefined;
}

const hostname = option(['-H', '--hostname']);
const port = Number(option(['-p', '--port']) ?? process.env.PORT ?? 3000);
const dir = option(['--dir']) ?? '.';
const urlHost = hostname === undefined ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
// The server reaches its own API on the address it listens on (lib/api/api-base-url.ts), as under `next start`.
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://${urlHost}:${port}`;
process.env.NODE_ENV = 'production';

const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const distDir = path.join(dir, '.next');
const brotliStatic = createBrotliStatic(distDir);
const malformedPath = createMalformedPathGuard(distDir);
const scriptBundles = createScriptBundles(distDir);
const pageCache = createPageCache({
  render: handle,
  frameworkScripts: frameworkScriptsOf(distDir),
  bundles: scriptBundles,
});

const server = createServer((request, response) => {
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? '';
  request.headers['x-forwarded-proto'] = forwardedProto(request);
  if (malformedPath.serve(request, response)) return;
  if (scriptBundles.serve(request, response) || brotliStatic.serve(request, response)) return;
  pageCache.serve(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
server.listen(port, hostname, () => console.log(`▲ Ready on http://${urlHost}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
