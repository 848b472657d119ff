import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, requestLoopback } from '@/test/loopback-http';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { createPageCache, SEED_HEADER } from './page-cache.mjs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NotFoundStatus } from '@/components/shell/not-found-status';
import { UnsharedPage } from '@/components/shell/unshared-page';
import { OFFERED_SEED_HEADER } from '@/features/survey-flow/server/survey-request';

type Reply = { status: number; headers: IncomingHttpHeaders; body: string };
type Render = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** What the fake renderer does for a path, as Next would: a nonce CSP, a page that repeats its nonce. */
type Scenario = {
  status?: number;
  contentType?: string;
  cookies?: string[];
  /** Puts the offered seed in the page, as a randomised survey's page does. */
  usesSeed?: boolean;
  /** Renders the component that asks not to be shared (a failed read). */
  unshared?: boolean;
  /** Renders the component that asks for a 404 (the not-found screen). */
  notFound?: boolean;
  /** Text of the survey's owner, rendered by React. */
  ownerText?: string;
  fails?: boolean;
  delayMs?: number;
  /** Names a build script, as every page of the app does. */
  withScript?: boolean;
  /** Has a head naming the framework's script and one of its own, as Next writes them. */
  withHead?: boolean;
};

const FRAMEWORK = '/_next/static/chunks/framework.js';

let server: Server;
let port: number;
let clock = 0;
let renders: string[] = [];
let seen: IncomingHttpHeaders[] = [];
const scenarios = new Map<string, Scenario>();

const render: Render = async (request, response) => {
  const url = request.url ?? '';
  renders.push(url);
  seen.push({ ...request.headers });
  const scenario = scenarios.get(url.split('?')[0]!) ?? {};
  if (scenario.delayMs) await new Promise((resolve) => setTimeout(resolve, scenario.delayMs));
  if (scenario.fails) throw new Error('render failed');
  const nonce = Buffer.from(`nonce-of-render-${renders.length}`).toString('base64');
  response.statusCode = scenario.status ?? 200;
  response.setHeader('Content-Type', scenario.contentType ?? 'text/html; charset=utf-8');
  response.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  response.setHeader('Link', `</a.css>; rel=preload; as="style"; nonce="${nonce}"`);
  if (scenario.cookies) response.setHeader('Set-Cookie', scenario.cookies);
  const seed = scenario.usesSeed ? String(request.headers[SEED_HEADER]) : 'none';
  // Written in pieces, as Next streams a page.
  response.write(`<html><script nonce="${nonce}">1</script>`);
  if (scenario.withHead)
    response.write(
      `<head><script src="${FRAMEWORK}" async="" nonce="${nonce}"></script>` +
        `<script src="/_next/static/chunks/survey.js" async="" nonce="${nonce}"></script></head>`,
    );
  if (scenario.withScript)
    response.write(`<script src="/_next/static/chunks/page.js" async="" nonce="${nonce}"></script>`);
  response.write(`<p>${'a survey question '.repeat(50)}</p><p data-seed="${seed}">${url}</p>`);
  if (scenario.unshared) response.write(renderToStaticMarkup(createElement(UnsharedPage)));
  if (scenario.notFound) response.write(renderToStaticMarkup(createElement(NotFoundStatus)));
  if (scenario.ownerText) response.write(renderToStaticMarkup(createElement('p', null, scenario.ownerText)));
  response.end(`<script>self.__next_f.push({"nonce":"${nonce}"})</script></html>`);
};

/** A reply with its body decoded as the client asked for it. */
async function get(pathname: string, headers: Record<string, string> = {}): Promise<Reply> {
  const { status, headers: replyHeaders, body: raw } = await requestLoopback(port, pathname, headers);
  const encoding = replyHeaders['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { status, headers: replyHeaders, body: body.toString() };
}

const nonceOf = (reply: Reply) => /'nonce-([^']+)'/.exec(String(reply.headers['content-security-policy']))?.[1];

beforeAll(async () => {
  const pageCache = createPageCache({
    render,
    ttlMs: 1000,
    now: () => clock,
    frameworkScripts: { framework: [FRAMEWORK], startAfter: [FRAMEWORK] },
  });
  server = createServer((request, response) => {
    pageCache.serve(request, response).catch(() => response.writeHead(500).end());
  });
  port = await listenOnLoopback(server);
});

afterAll(() => {
  server.close();
});

beforeEach(() => {
  clock += 10_000;
  renders = [];
  seen = [];
  scenarios.clear();
});

describe('the one-second page cache', () => {
  it('renders a page once for requests alike, each sent with a nonce of its own in its headers and body', async () => {
    const first = await get('/en/survey/abc', { 'User-Agent': 'phone' });
    clock += 500;
    const second = await get('/en/survey/abc', { 'User-Agent': 'phone' });
    expect(renders).toEqual(['/en/survey/abc']);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.body).not.toContain(firstNonce);
    expect(second.body.split(secondNonce!).length - 1).toBe(2);
    expect(second.headers.link).toContain(`nonce="${secondNonce}"`);
    expect(second.body.replaceAll(secondNonce!, 'N')).toBe(first.body.replaceAll(firstNonce!, 'N'));
  });

  it('names the page’s scripts in its Link header, with the nonce of each response, shared or not', async () => {
    scenarios.set('/en/survey/scripts', { withScript: true });
    scenarios.set('/en/survey/data', { withScript: true, contentType: 'application/json' });
    const replies = [await get('/en/survey/scripts'), await get('/en/survey/scripts')];
    expect(replies.map((reply) => reply.headers['x-page-cache'])).toEqual(['miss', 'hit']);
    for (const reply of replies) {
      expect(reply.headers.link).toBe(
        `</a.css>; rel=preload; as="style"; nonce="${nonceOf(reply)}", ` +
          `</_next/static/chunks/page.js>; rel=preload; as="script"; nonce="${nonceOf(reply)}"`,
      );
    }
    expect((await get('/en/survey/data')).headers.link).not.toContain('page.js');
  });

  it('stages the page’s own scripts behind the framework’s, under the nonce of each response, shared or not', async () => {
    // scripts/staged-scripts.mjs: the Link header then names the framework's scripts only.
    scenarios.set('/en/survey/staged', { withHead: true });
    const replies = [await get('/en/survey/staged'), await get('/en/survey/staged')];
    expect(replies.map((reply) => reply.headers['x-page-cache'])).toEqual(['miss', 'hit']);
    for (const reply of replies) {
      const nonce = nonceOf(reply);
      expect(reply.body).toContain(`<script nonce="${nonce}" data-staged-scripts="">(function startStagedScripts`);
      expect(reply.body).toContain(`(["/_next/static/chunks/survey.js"],["${FRAMEWORK}"],{})</script>`);
      expect(reply.body).not.toContain('<script src="/_next/static/chunks/survey.js"');
      expect(reply.headers.link).toBe(
        `</a.css>; rel=preload; as="style"; nonce="${nonce}", ` +
          `<${FRAMEWORK}>; rel=preload; as="script"; nonce="${nonce}"`,
      );
    }
  });

  it('makes requests that arrive during a render wait for it instead of rendering again', async () => {
    scenarios.set('/en/survey/slow', { delayMs: 100 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => get('/en/survey/slow')));
    expect(renders).toHaveLength(1);
    expect(new Set(replies.map(nonceOf)).size).toBe(5);
    expect(replies.every((reply) => reply.status === 200 && reply.body.includes('/en/survey/slow'))).toBe(true);
  });

  it('renders again after a second; until the new render is there, others get the page before it', async () => {
    scenarios.set('/en/survey/abc', { delayMs: 100 });
    await get('/en/survey/abc');
    clock += 1_200;
    const [renewed, meanwhile] = await Promise.all([get('/en/survey/abc'), get('/en/survey/abc')]);
    expect(renders).toHaveLength(2);
    expect([renewed.status, meanwhile.status]).toEqual([200, 200]);
    clock += 2_100;
    await get('/en/survey/abc');
    expect(renders).toHaveLength(3);
  });

  it.each([
    ['another URL', { path: '/en/survey/abc?utm=1' }],
    ['other cookies', { headers: { Cookie: 'enc-seed=abcdefgh12345678' } }],
    ['another user agent', { headers: { 'User-Agent': 'desktop' } }],
    ['another language', { headers: { 'Accept-Language': 'fr' } }],
    ['another host', { headers: { Host: 'example.org' } }],
  ])('keeps pages apart for %s', async (_case, other: { path?: string; headers?: Record<string, string> }) => {
    await get('/en/survey/abc', { 'User-Agent': 'phone' });
    await get(other.path ?? '/en/survey/abc', { 'User-Agent': 'phone', ...other.headers });
    expect(renders).toHaveLength(2);
  });

  it('shares a page whatever the encoding, the address or a seed the caller names', async () => {
    await get('/en/survey/abc', { 'Accept-Encoding': 'br', [SEED_HEADER]: 'callerSeed123' });
    const again = await get('/en/survey/abc', { 'Accept-Encoding': 'gzip', 'X-Encuesta-Peer': '10.0.0.1' });
    expect(renders).toHaveLength(1);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(seen[0]?.[SEED_HEADER]).not.toBe('callerSeed123');
  });

  it('never shares a page rendered with the seed it was offered', async () => {
    scenarios.set('/en/survey/shuffled', { usesSeed: true });
    const first = await get('/en/survey/shuffled');
    const second = await get('/en/survey/shuffled');
    expect(renders).toHaveLength(2);
    const seeds = [first, second].map((reply) => /data-seed="([^"]+)"/.exec(reply.body)?.[1]);
    expect(seeds[0]).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(seeds[1]).not.toBe(seeds[0]);
  });

  it.each<[string, Scenario]>([
    ['a page that asks not to be (it shows a failed read)', { unshared: true }],
    ['a page that sets a cookie other than the language', { cookies: ['NEXT_LOCALE=en', 'session=1'] }],
    ['a page not found', { status: 404 }],
    ['a redirect', { status: 307 }],
    ['something other than HTML', { contentType: 'application/json' }],
  ])('never shares %s', async (_case, scenario) => {
    scenarios.set('/en/other', scenario);
    await get('/en/other');
    const again = await get('/en/other');
    expect(renders).toHaveLength(2);
    expect(again.status).toBe(scenario.status ?? 200);
  });

  it('shares a page whose only cookie is the language', async () => {
    scenarios.set('/en', { cookies: ['NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=lax'] });
    await get('/en');
    const again = await get('/en');
    expect(renders).toHaveLength(1);
    expect(again.headers['set-cookie']).toEqual(['NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=lax']);
  });

  it.each([
    ['the API', '/api/v1/read-survey/abc/', {}],
    ["Next's files", '/_next/static/chunks/app.js', {}],
    ["the app's icon", '/icon.svg', {}],
    ['an image of public/', '/images/not-found.svg', {}],
    ["the router's flight data", '/en/survey/abc', { RSC: '1' }],
  ])('leaves %s to Next alone, every time', async (_case, pathname, headers: Record<string, string>) => {
    await get(pathname, headers);
    await get(pathname, headers);
    expect(renders).toHaveLength(2);
    expect(seen[0]?.['accept-encoding']).not.toBe('identity');
  });

  it('answers 500 when the render fails, and renders again for the next request', async () => {
    scenarios.set('/en/broken', { fails: true });
    expect((await get('/en/broken')).status).toBe(500);
    expect((await get('/en/broken')).status).toBe(500);
    expect(renders).toHaveLength(2);
  });

  it('sends brotli, gzip or nothing as the request accepts, with the length of what it sends', async () => {
    for (const [accepted, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const reply = await get('/en/survey/abc', { 'Accept-Encoding': accepted });
      expect(reply.headers['content-encoding']).toBe(expected);
      expect(reply.headers['transfer-encoding']).toBeUndefined();
      expect(reply.body).toContain('/en/survey/abc');
    }
  });

  it('shares a page whose owner text spells the marker out, which React writes escaped', async () => {
    scenarios.set('/en/survey/spelled', { ownerText: '<meta name="page-cache" content="unshared"/>' });
    await get('/en/survey/spelled');
    const again = await get('/en/survey/spelled');
    expect(renders).toHaveLength(1);
    expect(again.body).toContain('&lt;meta name=&quot;page-cache&quot;');
  });

  it('answers a page showing the not-found screen with 404, and never shares it', async () => {
    scenarios.set('/en/survey/gone', { notFound: true });
    const first = await get('/en/survey/gone');
    const again = await get('/en/survey/gone');
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(renders).toHaveLength(2);
    expect(again.body).toContain('/en/survey/gone');
  });

  it('answers 404 for the not-found page of a path that looks like a file, with a language or without', async () => {
    scenarios.set('/en/survey/x.y', { notFound: true });
    expect((await get('/en/survey/x.y')).status).toBe(404);
    scenarios.set('/jp/foo.txt', { notFound: true });
    expect((await get('/jp/foo.txt')).status).toBe(404);
    scenarios.set('/report.pdf', { notFound: true });
    expect((await get('/report.pdf')).status).toBe(404);
  });

  it('answers 200 for a page whose owner text spells the not-found marker out', async () => {
    scenarios.set('/en/survey/spelled-404', { ownerText: '<meta name="page-status" content="404"/>' });
    expect((await get('/en/survey/spelled-404')).status).toBe(200);
  });

  it('offers the seed under the header the survey page reads', () => {
    expect(SEED_HEADER).toBe(OFFERED_SEED_HEADER);
  });
});
