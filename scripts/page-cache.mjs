// A one-second page cache in front of Next's renderer (scripts/server.mjs). Every page is rendered per request,
// because each carries a fresh CSP nonce, and Next's renderer costs several times the survey's own work (README
// "Performance"). Requests that agree on method, URL and every header the app may read get one render within a
// second: the first renders, the others that arrive meanwhile wait for it, and each is sent that page with a nonce
// of its own put in place of the rendered one, in the body and in the headers. After a second the next request
// renders anew while the others meanwhile get the page before it, so a page is never more than two seconds old (its
// survey was read at most a second before its render: features/survey-flow/server/load-survey.ts).
//
// Nothing generated for one respondent is shared. The nonce is replaced in every response. The only other value
// a render draws at random, a new respondent's shuffle seed, is offered to it here (SEED_HEADER), so a render that
// used it (a randomised survey for a browser without a seed) is seen to contain it and is never shared. A render
// is shared only when it is a 200 text/html page whose only cookie is the language cookie, and not one that asks not
// to be (UNSHARED_PAGE: a page showing a failed read, which the next request may not meet); the request's cookies are
// part of the key, so a browser's own state (seed, restore hint, language) never reaches another's page.
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptsEncoding } from './brotli-static.mjs';
import { linkWithScriptPreloads } from './script-preloads.mjs';
import { stagePageScripts } from './staged-scripts.mjs';

/** The request header that offers a page a new shuffle seed (read by app/[locale]/survey/[id]/…/page.tsx). */
export const SEED_HEADER = 'x-encuesta-seed';

/**
 * Request headers that cannot change the page: the connection's own, the encoding (negotiated here, for each
 * response), the client's address (written by scripts/server.mjs for the API's limits) and the seed offered here.
 * Every other header is part of the key, so a header some later code reads can never mix two pages up.
 */
const IGNORED_HEADERS = new Set([
  'accept-encoding',
  'cache-control',
  'connection',
  'keep-alive',
  'pragma',
  'priority',
  'x-encuesta-peer',
  SEED_HEADER,
]);

/** Headers of a rendered page that the response here writes itself. */
const FRAMING_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date']);

/**
 * What a page that must not be shared carries (components/shell/unshared-page.tsx). Owner text cannot forge it: React
 * writes a `"` in text as `&quot;`, and inside the page's data as `\"`.
 */
const UNSHARED_PAGE = '<meta name="page-cache" content="unshared"';

/**
 * What a page showing the not-found screen carries (components/shell/not-found-status.tsx): it is sent with status
 * 404, as Next sends a page that called `notFound()`, which the pages do not call (Next would render it in the browser
 * alone). Owner text cannot forge it, as above; a 404 is never shared.
 */
const NOT_FOUND_PAGE = '<meta name="page-status" content="404"';

/** The only cookie a shared page may set: the language, which follows from the URL and the request's cookies. */
const SHAREABLE_COOKIE = /^NEXT_LOCALE=/;

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]+)'/;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** 88 random bits as 22 letters and digits, the only characters a seed may have (`isSeed`). */
const randomSeed = () => randomBytes(11).toString('hex');

/** As proxy.ts makes a page's nonce. */
const randomNonce = () => btoa(randomUUID());

/** Headers of the router's own requests (flight data, prefetches, actions), which are not pages. */
const ROUTER_HEADERS = ['rsc', 'next-action', 'next-router-state-tree', 'next-router-prefetch'];

/**
 * Only a page opened as a document: the API, Next's build files, the files this app serves (public/images/, the app's
 * icon; as proxy.ts matches) and the router's requests go to Next. Any other path is a page whatever its last segment
 * looks like (`/report.pdf` and `/en/survey/x.y` are the not-found page, which must get its 404 here).
 */
function isPageRequest(request) {
  if (request.method !== 'GET' || ROUTER_HEADERS.some((name) => name in request.headers)) return false;
  const pathname = (request.url ?? '').split('?')[0];
  return !/^\/(?:(?:api|_next|_vercel|images)\/|icon\.svg$)/.test(pathname);
}

function keyOf(request) {
  const headers = Object.entries(request.headers)
    .filter(([name]) => !IGNORED_HEADERS.has(name))
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join('\n\t') : value}`)
    .sort();
  return `${request.method} ${request.url}\n${headers.join('\n')}`;
}

/**
 * Runs Next's handler with a response that keeps what it writes instead of sending it, and resolves with the page
 * (status, headers, body), or null when the render ended without one (the connection closed, the handler failed).
 */
function capture(request, response, render) {
  return new Promise((resolve) => {
    const chunks = [];
    let status;
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'),
      );
    };
    const callbackOf = (...args) => args.find((arg) => typeof arg === 'function');
    const patched = ['writeHead', 'flushHeaders', 'write', 'end'];
    /** Gives the response its own methods back, once, and resolves with what the render wrote (or null). */
    const finish = (page) => {
      if (!Object.hasOwn(response, 'end')) return;
      for (const method of patched) delete response[method];
      resolve(page);
    };
    response.writeHead = (code, ...rest) => {
      status = code;
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
      if (Array.isArray(headers)) {
        for (let index = 0; index + 1 < headers.length; index += 2)
          response.setHeader(headers[index], headers[index + 1]);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      }
      return response;
    };
    response.flushHeaders = () => {};
    response.write = (chunk, encoding, callback) => {
      keep(chunk, encoding);
      callbackOf(encoding, callback)?.();
      return true;
    };
    response.end = (chunk, encoding, callback) => {
      keep(chunk, encoding);
      callbackOf(chunk, encoding, callback)?.();
      const headers = Object.fromEntries(
        Object.entries(response.getHeaders()).filter(([name]) => !FRAMING_HEADERS.has(name)),
      );
      finish({ status: status ?? response.statusCode, headers, body: Buffer.concat(chunks) });
      return response;
    };
    response.on('close', () => finish(null));
    request.headers['accept-encoding'] = 'identity';
    Promise.resolve()
      .then(() => render(request, response))
      .catch((error) => {
        console.error(error);
        finish(null);
      });
  });
}

/**
 * A captured HTML page with its own scripts staged behind the framework's (scripts/staged-scripts.mjs) and the
 * scripts it then names in its `Link` header (scripts/script-preloads.mjs), under the nonce it was rendered with: once
 * per render, since a shared copy gets its own nonce in every header and in its body anyway (`withNonce`).
 */
function withScriptLoading(page, frameworkScripts, bundles) {
  if (!page || !String(page.headers['content-type'] ?? '').startsWith('text/html')) return page;
  const nonce = NONCE_IN_CSP.exec(String(page.headers['content-security-policy'] ?? ''))?.[1];
  const rendered = page.body.toString('utf8');
  const html = stagePageScripts(rendered, frameworkScripts, nonce, bundles);
  const link = linkWithScriptPreloads(page.headers.link, html, nonce);
  const body = html === rendered ? page.body : Buffer.from(html, 'utf8');
  return { ...page, body, headers: link ? { ...page.headers, link } : page.headers };
}

/** A captured HTML page that asks for it (`NOT_FOUND_PAGE`) with status 404. */
function withNotFoundStatus(page) {
  if (!page || page.status !== 200 || !String(page.headers['content-type'] ?? '').startsWith('text/html')) return page;
  return page.body.includes(NOT_FOUND_PAGE) ? { ...page, status: 404 } : page;
}

/** What of a captured render may be sent again, with its nonce, or null when it must not be. */
function shareablePage(page, seed) {
  if (!page || page.status !== 200) return null;
  if (!String(page.headers['content-type'] ?? '').startsWith('text/html')) return null;
  const cookies = [page.headers['set-cookie'] ?? []].flat();
  if (!cookies.every((cookie) => SHAREABLE_COOKIE.test(String(cookie)))) return null;
  const body = page.body.toString('utf8');
  if (body.includes(seed) || body.includes(UNSHARED_PAGE)) return null;
  const nonce = NONCE_IN_CSP.exec(String(page.headers['content-security-policy'] ?? ''))?.[1] ?? null;
  return { status: page.status, headers: page.headers, body, nonce };
}

/** The captured page with `nonce` in place of the one it was rendered with. */
function withNonce(page, nonce) {
  if (!page.nonce) return { headers: page.headers, body: page.body };
  const swap = (value) => (typeof value === 'string' ? value.split(page.nonce).join(nonce) : value);
  const headers = Object.fromEntries(
    Object.entries(page.headers).map(([name, value]) => [name, Array.isArray(value) ? value.map(swap) : swap(value)]),
  );
  return { headers, body: page.body.split(page.nonce).join(nonce) };
}

/** The encoding a body is sent in: brotli or gzip for text the request accepts them for, else none. */
function encodingFor(request, contentType, size) {
  if (size === 0 || !/^(?:text\/|application\/json)/.test(String(contentType ?? ''))) return null;
  const accepted = request.headers['accept-encoding'];
  return ['br', 'gzip'].find((encoding) => acceptsEncoding(accepted, encoding)) ?? null;
}

/**
 * Sends a page, compressed as the request accepts (Next compresses the pages it sends itself with gzip), saying in
 * `X-Page-Cache` whether it was rendered for this request (`miss`) or shared (`hit`).
 */
async function send(request, response, status, headers, body, cache) {
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const encoding = encodingFor(request, headers['content-type'], raw.length);
  const encoded =
    encoding === 'br'
      ? await compressBrotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : encoding === 'gzip'
        ? await compressGzip(raw)
        : raw;
  if (response.destroyed) return;
  response.writeHead(status, {
    ...headers,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'X-Page-Cache': cache,
    'Content-Length': encoded.length,
  });
  response.end(encoded);
}

/**
 * @param {object} options
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<unknown>} options.render Next's request handler
 * @param {number} [options.ttlMs] how long a render is shared
 * @param {number} [options.maxEntries] how many renders are kept at most
 * @param {() => number} [options.now]
 * @param {{ framework: string[], startAfter: string[] }} [options.frameworkScripts] the build's (`frameworkScriptsOf`)
 * @param {import('./script-bundles.mjs').PageBundles} [options.bundles] the build's (scripts/script-bundles.mjs);
 *   without them a page's scripts are staged but not bundled
 */
export function createPageCache({
  render,
  ttlMs = 1000,
  maxEntries = 200,
  now = () => Date.now(),
  frameworkScripts = { framework: [], startAfter: [] },
  bundles,
}) {
  /** key → { at, page } (a Map keeps insertion order: the first entry is the oldest). */
  const pages = new Map();
  /** key → the render under way: the page it will share, or null. */
  const rendering = new Map();

  /** The page shared under a key and its age, while it may still be sent (for one more `ttlMs` while a new render is under way). */
  function kept(key) {
    const entry = pages.get(key);
    if (!entry) return null;
    const age = now() - entry.at;
    if (age < 2 * ttlMs) return { page: entry.page, age };
    pages.delete(key);
    return null;
  }

  function keep(key, page) {
    pages.delete(key);
    pages.set(key, { at: now(), page });
    for (const [oldest, entry] of pages) {
      if (pages.size <= maxEntries && now() - entry.at < 2 * ttlMs) break;
      pages.delete(oldest);
    }
  }

  function sendShared(request, response, page) {
    const { headers, body } = withNonce(page, randomNonce());
    return send(request, response, page.status, headers, body, 'hit');
  }

  /**
   * Answers one request: with the page shared under its key if it is under `ttlMs` old; else, while another request
   * renders it anew, with the one before (under twice `ttlMs` old) or the new one once it is there; else from Next,
   * sharing what it renders.
   */
  async function serve(request, response) {
    if (!isPageRequest(request)) {
      // A seed offered by the caller is none: the page draws its own.
      delete request.headers[SEED_HEADER];
      return render(request, response);
    }
    const seed = randomSeed();
    request.headers[SEED_HEADER] = seed;
    const key = keyOf(request);
    const shared = kept(key);
    if (shared && shared.age < ttlMs) return sendShared(request, response, shared.page);
    const underWay = rendering.get(key);
    if (underWay) {
      if (shared) return sendShared(request, response, shared.page);
      const page = await underWay;
      if (page) return sendShared(request, response, page);
    }
    const acceptEncoding = request.headers['accept-encoding'];
    const captured = capture(request, response, render).then((rendered) => {
      request.headers['accept-encoding'] = acceptEncoding;
      const page = withNotFoundStatus(withScriptLoading(rendered, frameworkScripts, bundles));
      return { page, shareable: shareablePage(page, seed) };
    });
    const pending = captured.then(({ shareable }) => shareable);
    rendering.set(key, pending);
    try {
      const { page, shareable } = await captured;
      if (shareable) keep(key, shareable);
      if (!page) {
        if (!response.headersSent && !response.destroyed) response.writeHead(500).end();
        return;
      }
      // This request's own render goes out as rendered (its nonce is its own), encoded for it.
      return send(request, response, page.status, page.headers, page.body, 'miss');
    } finally {
      if (rendering.get(key) === pending) rendering.delete(key);
    }
  }

  return { serve };
}
