// `npm start` speaks HTTP/1.1, on which a browser fetches six scripts at a time per host, each request on a
// connection one round trip after the one before; the survey page runs 17 or more build scripts before it takes
// over, so on slow 4G (150 ms) the link idled between them. Measured in Chromium with that throttling, 160 KB in the
// page's mix of 18 sizes took 1 060 ms against 930 in six files. The page cache (scripts/page-cache.mjs) therefore
// sends a page's scripts in few files (scripts/staged-scripts.mjs): the framework's two largest as they are, its
// smaller ones in one bundle, and the page's own chunks with its first page's widgets in another. A bundle is the
// chunks' own code, one after another, each registered with Turbopack's runtime under its own path instead of the
// bundle's script element (the runtime takes a path as well: `getPathFromScript`). Its URL lists its chunks, so any
// instance of the app serves it without having rendered the page. docs/performance-history.md (afbfe8b) has the
// measurements.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptsEncoding, configuredHeaders } from './brotli-static.mjs';

const CHUNKS_URL = '/_next/static/chunks/';
const CHUNK_NAME = /^[A-Za-z0-9_-]+$/;
const BUNDLE_PREFIX = 'bundle~';
/** How each chunk of a production build names the script it runs from; in a bundle, its own path stands there. */
const REGISTRATION = '"object"==typeof document?document.currentScript:void 0';
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** Turbopack's runtime registers nothing of its own: it is bundled as it is. */
const RUNTIME_CHUNK = /^turbopack-/;
/** More chunks than any page names: a longer list is not one this app wrote. */
const MAX_CHUNKS = 40;
/** Bundles kept compressed; the oldest goes first. A page names two, shared by every page of its kind. */
const MAX_KEPT = 64;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** The placeholder's type: a script of this type is neither fetched nor run (HTML's "prepare the script element"). */
export const PLACEHOLDER_TYPE = 'text/x-bundled';

/**
 * A chunk's code as it runs in a bundle, or null when the chunk is not in the form the bundle relies on (then the
 * page names it as it is). It is registered under its path below `/_next/`, as the runtime keys it.
 * @param {string} source @param {string} name the file's name without `.js`
 */
export function bundledChunkSource(source, name) {
  const body = (source.startsWith(COMPILE_HINT) ? source.slice(COMPILE_HINT.length) : source).replace(
    /\n\/\/# sourceMappingURL=\S*\s*$/,
    '',
  );
  const at = body.indexOf(REGISTRATION);
  if (at < 0) return RUNTIME_CHUNK.test(name) && !body.includes('document.currentScript') ? body : null;
  if (body.includes(REGISTRATION, at + REGISTRATION.length)) return null;
  const chunkPath = JSON.stringify(`static/chunks/${name}.js`);
  return body.slice(0, at) + chunkPath + body.slice(at + REGISTRATION.length);
}

/** The URL of the bundle of these chunks (their URLs, in the order they run). */
export function bundleUrlOf(chunkUrls) {
  return `${CHUNKS_URL}${BUNDLE_PREFIX}${chunkUrls.map((url) => url.slice(CHUNKS_URL.length, -3)).join('~')}.js`;
}

/** The chunks' URLs a bundle URL lists, or null when it is not one. */
export function chunkUrlsOfBundle(pathname) {
  if (!pathname.startsWith(CHUNKS_URL + BUNDLE_PREFIX) || !pathname.endsWith('.js')) return null;
  const names = pathname.slice(CHUNKS_URL.length + BUNDLE_PREFIX.length, -3).split('~');
  if (names.length > MAX_CHUNKS || new Set(names).size !== names.length) return null;
  if (!names.every((name) => CHUNK_NAME.test(name))) return null;
  return names.map((name) => `${CHUNKS_URL}${name}.js`);
}

/**
 * What a page's staging needs of a build's bundles (`createScriptBundles`).
 * @typedef {{ bundleable: (url: string) => boolean, order: (urls: string[]) => string[], prepare: (url: string) => void }} PageBundles
 */

/**
 * The bundles of a build (`.next`): which chunks can be bundled, and the request handler that serves a bundle (GET or
 * HEAD; returns false for anything else, and for a bundle that lists a chunk the build lacks, for Next's 404). Each
 * bundle is compressed once for each encoding asked for, off the event loop: at the best quality when a page of this
 * server named it (`prepare`), else at a quick one, so a made-up list of chunks costs little.
 * @param {string} distDir
 */
export function createScriptBundles(distDir) {
  const chunksDir = path.join(distDir, 'static', 'chunks');
  /** @type {Map<string, string>} chunk URL → its code in a bundle */
  const sources = new Map();
  let manifest = { headers: [] };
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
    for (const file of fs.readdirSync(chunksDir)) {
      const name = file.slice(0, -3);
      if (!file.endsWith('.js') || !CHUNK_NAME.test(name)) continue;
      const source = bundledChunkSource(fs.readFileSync(path.join(chunksDir, file), 'utf8'), name);
      if (source !== null) sources.set(`${CHUNKS_URL}${file}`, source);
    }
  } catch {
    sources.clear();
  }
  // A rule with conditions (`has`, `missing`) depends on the request: pages then name their chunks as they are.
  if (manifest.headers?.some((rule) => rule.has || rule.missing)) sources.clear();

  /** @type {Map<string, Map<string, Promise<Buffer>>>} bundle URL → encoding → body */
  const kept = new Map();
  /** Bundles this server's pages named: only these are worth brotli's best quality (0.56 s of CPU for 360 KB here, against 11 ms at quality 5). */
  const named = new Set();
  function bodyOf(url, chunkUrls, encoding) {
    let encodings = kept.get(url);
    if (!encodings) {
      encodings = new Map();
      kept.set(url, encodings);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value);
    }
    let body = encodings.get(encoding);
    if (!body) {
      const source = Buffer.from(COMPILE_HINT + chunkUrls.map((chunk) => sources.get(chunk)).join('\n;\n'), 'utf8');
      body =
        encoding === 'br'
          ? compressBrotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: named.has(url) ? constants.BROTLI_MAX_QUALITY : 5 },
            })
          : encoding === 'gzip'
            ? compressGzip(source, { level: named.has(url) ? 9 : 5 })
            : Promise.resolve(source);
      encodings.set(encoding, body);
      body.catch(() => encodings.delete(encoding));
    }
    return body;
  }

  return {
    /** Whether a chunk URL can go into a bundle. */
    bundleable: (url) => sources.has(url),
    /**
     * Bundleable chunks in the one order a bundle of them lists them: the largest first, then by URL. A page chunk
     * only registers its modules with Turbopack's runtime, so the order they run in is free. Largest first keeps a
     * page's two large chunks side by side, within gzip's 32 KB window: by URL alone, the 50-question page's bundle was
     * 1.4 KB larger in gzip -9 (docs/performance-history.md, e3d7ee3).
     * @param {string[]} urls
     */
    order: (urls) =>
      [...urls].sort((a, b) => (sources.get(b)?.length ?? 0) - (sources.get(a)?.length ?? 0) || (a < b ? -1 : 1)),
    /** Starts compressing a bundle a page has just named, before the browser asks for it. */
    prepare(url) {
      if (named.has(url)) return;
      const chunkUrls = chunkUrlsOfBundle(url);
      if (!chunkUrls?.every((chunk) => sources.has(chunk))) return;
      named.add(url);
      if (named.size > MAX_KEPT) named.delete(named.values().next().value);
      // A copy made quickly before a page named it (asked for first, or a page of another instance) is made again.
      kept.delete(url);
      bodyOf(url, chunkUrls, 'br').catch(() => undefined);
    },
    /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
    serve(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = (request.url ?? '').split('?')[0];
      const chunkUrls = chunkUrlsOfBundle(pathname);
      if (!chunkUrls || !chunkUrls.every((chunk) => sources.has(chunk))) return false;
      const accepted = request.headers['accept-encoding'];
      const encoding = acceptsEncoding(accepted, 'br') ? 'br' : acceptsEncoding(accepted, 'gzip') ? 'gzip' : null;
      bodyOf(pathname, chunkUrls, encoding ?? 'identity').then(
        (body) => {
          response.writeHead(200, {
            ...configuredHeaders(manifest, pathname),
            'Cache-Control': 'public, max-age=31536000, immutable',
            'Content-Type': 'application/javascript; charset=UTF-8',
            ...(encoding ? { 'Content-Encoding': encoding } : {}),
            Vary: 'Accept-Encoding',
            'Content-Length': body.length,
          });
          response.end(request.method === 'HEAD' ? undefined : body);
        },
        (error) => {
          console.error(error);
          response.writeHead(500);
          response.end();
        },
      );
      return true;
    },
  };
}
