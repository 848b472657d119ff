import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuildFolder } from '@/test/build-folder';
import { listenOnLoopback, requestLoopback } from '@/test/loopback-http';
import {
  bundledChunkSource,
  bundleUrlOf,
  chunkUrlsOfBundle,
  createScriptBundles,
  // @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
} from './script-bundles.mjs';

const REGISTRATION = '"object"==typeof document?document.currentScript:void 0';
const HINT = '//# allFunctionsCalledOnLoad\n';
/** Chunks as Turbopack writes them for production: a push of the script element, its module ids and factories. */
const chunkOf = (id: number) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([${REGISTRATION},${id},e=>{}])`;
const CHUNKS: Record<string, string> = {
  'turbopack-0runtime': `${HINT}(()=>{globalThis.RUNTIME_RAN=!0})();`,
  '1framework': `${HINT}${chunkOf(1)}\n//# sourceMappingURL=1framework.js.map`,
  '2widget': chunkOf(2),
  '3twice': `${chunkOf(3)};${chunkOf(4)}`,
  '4large': `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([${REGISTRATION},5,e=>{e.large=!0}])`,
};
const chunk = (name: string) => `/_next/static/chunks/${name}.js`;
const MANIFEST = {
  headers: [
    {
      source: '/:file(.+\\.[A-Za-z0-9]+)',
      regex: '^(?:/(.+\\.[A-Za-z0-9]+))(?:/)?$',
      headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'" }],
    },
  ],
};

let distDir: string;
let server: Server;
let port: number;
let bundles: ReturnType<typeof createScriptBundles>;

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  requestLoopback(port, pathname, headers, method);

beforeAll(async () => {
  distDir = writeBuildFolder(
    'script-bundles-',
    Object.fromEntries(Object.entries(CHUNKS).map(([name, source]) => [`${name}.js`, source])),
    MANIFEST,
  );
  bundles = createScriptBundles(distDir);
  server = createServer((request, response) => {
    if (!bundles.serve(request, response)) {
      response.writeHead(404);
      response.end('next');
    }
  });
  port = await listenOnLoopback(server);
});

afterAll(() => {
  server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('a chunk inside a bundle', () => {
  it('registers under its own path, without its compile hint or source map line', () => {
    expect(bundledChunkSource(CHUNKS['1framework'], '1framework')).toBe(
      chunkOf(1).replace(REGISTRATION, '"static/chunks/1framework.js"'),
    );
    expect(bundledChunkSource(CHUNKS['turbopack-0runtime'], 'turbopack-0runtime')).toBe(
      '(()=>{globalThis.RUNTIME_RAN=!0})();',
    );
  });

  it('is left out when its form is not the one a bundle relies on', () => {
    expect(bundledChunkSource(CHUNKS['3twice'], '3twice')).toBeNull();
    expect(bundledChunkSource('console.log(1)', 'plain')).toBeNull();
    expect(bundledChunkSource('document.currentScript.src', 'turbopack-other')).toBeNull();
  });
});

describe('a bundle’s URL', () => {
  it('lists its chunks, in order, and is read back so', () => {
    const url = bundleUrlOf([chunk('1framework'), chunk('2widget')]);
    expect(url).toBe('/_next/static/chunks/bundle~1framework~2widget.js');
    expect(chunkUrlsOfBundle(url)).toEqual([chunk('1framework'), chunk('2widget')]);
  });

  it('is not one when it names a path, a chunk twice or more chunks than a page has', () => {
    expect(chunkUrlsOfBundle('/_next/static/chunks/1framework.js')).toBeNull();
    expect(chunkUrlsOfBundle('/_next/static/chunks/bundle~..%2Fserver~a.js')).toBeNull();
    expect(chunkUrlsOfBundle('/_next/static/chunks/bundle~a~a.js')).toBeNull();
    const many = Array.from({ length: 41 }, (_, index) => `c${index}`).join('~');
    expect(chunkUrlsOfBundle(`/_next/static/chunks/bundle~${many}.js`)).toBeNull();
  });
});

describe('the order a bundle lists its chunks in', () => {
  it('is one for one set of chunks: the largest first, then by URL', () => {
    const ordered = [chunk('4large'), chunk('1framework'), chunk('2widget')];
    expect(bundles.order([chunk('2widget'), chunk('1framework'), chunk('4large')])).toEqual(ordered);
    expect(bundles.order([chunk('1framework'), chunk('4large'), chunk('2widget')])).toEqual(ordered);
  });
});

describe('serving a bundle', () => {
  const url = bundleUrlOf([chunk('1framework'), chunk('2widget'), chunk('turbopack-0runtime')]);

  it('sends its chunks in one script, each registered under its path, with the headers of a build file', async () => {
    bundles.prepare(url);
    const reply = await get(url, { 'Accept-Encoding': 'gzip, br' });
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
      vary: 'Accept-Encoding',
    });
    const source = brotliDecompressSync(reply.body).toString('utf8');
    expect(source.startsWith(HINT)).toBe(true);
    // Run as the browser would: each push names its chunk, and the runtime runs too.
    const context: { TURBOPACK?: unknown[][]; RUNTIME_RAN?: boolean; document: object; globalThis?: object } = {
      document: {},
    };
    context.globalThis = context;
    runInNewContext(source, context);
    expect(context.TURBOPACK?.map((push) => push[0])).toEqual([
      'static/chunks/1framework.js',
      'static/chunks/2widget.js',
    ]);
    expect(context.RUNTIME_RAN).toBe(true);
  });

  it('at brotli’s best quality once a page has named it, though it was first asked for unnamed', async () => {
    // Real code, so that brotli's qualities differ (the quick one is 5, the best 11): this module's own.
    const code = readFileSync(path.join(import.meta.dirname, 'script-bundles.mjs'), 'utf8');
    writeFileSync(
      path.join(distDir, 'static', 'chunks', '4words.js'),
      chunkOf(4).replace('e=>{}', `e=>{${JSON.stringify(code)}}`),
    );
    const wordsBundles = createScriptBundles(distDir);
    const wordsServer = createServer((request, response) => void wordsBundles.serve(request, response));
    const wordsPort = await listenOnLoopback(wordsServer);
    const wordsUrl = bundleUrlOf([chunk('4words'), chunk('2widget')]);
    const size = async () => (await requestLoopback(wordsPort, wordsUrl, { 'Accept-Encoding': 'br' })).body.length;
    const unnamed = await size();
    wordsBundles.prepare(wordsUrl);
    expect(await size()).toBeLessThan(unnamed);
    wordsServer.close();
  });

  it('in gzip or as it is to a client without brotli, and to HEAD without a body', async () => {
    const gzipped = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get(url, { 'Accept-Encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    const head = await get(url, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next a bundle of a chunk the build lacks or cannot bundle, and other methods', async () => {
    expect(bundles.bundleable(chunk('2widget'))).toBe(true);
    expect(bundles.bundleable(chunk('3twice'))).toBe(false);
    for (const missing of [bundleUrlOf([chunk('2widget'), chunk('nothere')]), bundleUrlOf([chunk('3twice')])])
      expect((await get(missing)).body.toString()).toBe('next');
    expect((await get(url, {}, 'POST')).body.toString()).toBe('next');
  });
});
