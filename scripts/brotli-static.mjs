// Next's server compresses with gzip only. The build's scripts and stylesheets (/_next/static/…) never change while
// the server runs, so each is compressed once, at start, with brotli at its best quality, and sent to browsers that
// accept `br`: the survey page's first-load scripts are 13% fewer bytes than Next's gzip, and on a slow phone
// network bytes are most of the wait (README "Performance"). The headers are those Next itself would send: the
// build's routes manifest (next.config.ts `headers()`) and the caching Next gives build files. Any other request,
// and a file whose compression has not finished, goes to Next as before.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const STATIC_PREFIX = '/_next/static/';
const CONTENT_TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };
const compress = promisify(brotliCompress);

/** Whether an `Accept-Encoding` value accepts an encoding (`br`, not `br;q=0`). */
export function acceptsEncoding(acceptEncoding, encoding) {
  return String(acceptEncoding ?? '')
    .split(',')
    .some((entry) => {
      const [name, ...params] = entry.trim().split(';');
      if (name.trim().toLowerCase() !== encoding) return false;
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return quality === undefined || Number(quality.slice(2)) > 0;
    });
}

/** The headers next.config.ts gives a path, as Next applies them (later rules override earlier ones). */
export function configuredHeaders(manifest, pathname) {
  const headers = {};
  for (const rule of manifest.headers ?? []) {
    if (new RegExp(rule.regex).test(pathname)) {
      for (const { key, value } of rule.headers) headers[key] = value;
    }
  }
  return headers;
}

async function filesUnder(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && Object.hasOwn(CONTENT_TYPES, path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Compresses every script and stylesheet of the build in the background (one at a time, off the event loop) and
 * returns the request handler: it answers a brotli-accepting GET or HEAD of one of them and returns true, or
 * returns false for Next to answer. Only files present at start are served, so the cache is bounded by the build.
 */
export function createBrotliStatic(distDir) {
  const staticRoot = path.resolve(distDir, 'static');
  const compressed = new Map();
  let manifest = { headers: [] };

  const ready = (async () => {
    manifest = JSON.parse(await readFile(path.join(distDir, 'routes-manifest.json'), 'utf8'));
    // A rule with conditions (`has`, `missing`) depends on the request: leave every file to Next then.
    if (manifest.headers?.some((rule) => rule.has || rule.missing)) return;
    for (const file of await filesUnder(staticRoot)) {
      const body = await compress(await readFile(file), {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      const urlPath = STATIC_PREFIX + path.relative(staticRoot, file).split(path.sep).join('/');
      const etag = `"br-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      compressed.set(urlPath, { body, etag, contentType: CONTENT_TYPES[path.extname(file)] });
    }
  })().catch((error) => console.error('Build files are served with gzip only:', error));

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  function serve(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '').split('?')[0];
    if (!pathname.startsWith(STATIC_PREFIX) || !acceptsEncoding(request.headers['accept-encoding'], 'br')) return false;
    const file = compressed.get(pathname);
    if (!file) return false;
    const headers = {
      ...configuredHeaders(manifest, pathname),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': file.contentType,
      'Content-Encoding': 'br',
      Vary: 'Accept-Encoding',
      ETag: file.etag,
    };
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    response.writeHead(200, { ...headers, 'Content-Length': file.body.length });
    response.end(request.method === 'HEAD' ? undefined : file.body);
    return true;
  }

  return { serve, ready };
}
