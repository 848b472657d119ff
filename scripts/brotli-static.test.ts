import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuildFolder } from '@/test/build-folder';
import { listenOnLoopback, requestLoopback } from '@/test/loopback-http';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { acceptsEncoding, createBrotliStatic } from './brotli-static.mjs';

const SCRIPT = `console.log(${JSON.stringify('a survey answer '.repeat(200))});`;
const MANIFEST = {
  headers: [
    { source: '/:path*', regex: '^(?:/(.*))?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
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

const get = (pathname: string, headers: Record<string, string>, method = 'GET') =>
  requestLoopback(port, pathname, headers, method);

beforeAll(async () => {
  distDir = writeBuildFolder(
    'brotli-static-',
    { 'app.js': SCRIPT, 'app.css': 'body { color: red }', 'data.json': '{}' },
    MANIFEST,
  );
  const brotliStatic = createBrotliStatic(distDir);
  await brotliStatic.ready;
  server = createServer((request, response) => {
    if (brotliStatic.serve(request, response)) return;
    response.writeHead(200, { 'X-Answered-By': 'next' });
    response.end('next');
  });
  port = await listenOnLoopback(server);
});

afterAll(() => {
  server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('build files in brotli', () => {
  it('sends a script compressed with brotli, with the configured headers and a year of caching', async () => {
    const reply = await get('/_next/static/chunks/app.js?dpl=1', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toBe("default-src 'none'");
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
    expect(reply.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('answers a repeated request by its ETag with 304 and no body', async () => {
    const first = await get('/_next/static/chunks/app.css', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-type']).toBe('text/css; charset=UTF-8');
    const again = await get('/_next/static/chunks/app.css', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends headers only to HEAD', async () => {
    const reply = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.body.length).toBe(0);
  });

  it.each([
    ['a browser without brotli', '/_next/static/chunks/app.js', 'gzip, deflate'],
    ['brotli refused with q=0', '/_next/static/chunks/app.js', 'gzip, br;q=0'],
    ['a file type left to Next', '/_next/static/chunks/data.json', 'br'],
    ['a file not in the build', '/_next/static/chunks/other.js', 'br'],
    ['a path that climbs out', '/_next/static/chunks/../../routes-manifest.json', 'br'],
    ['an encoded path', '/_next/static/chunks/app%2Ejs', 'br'],
    ['a page', '/en/survey/abc', 'br'],
  ])('leaves %s to Next', async (_case, pathname, acceptEncoding) => {
    const reply = await get(pathname, { 'Accept-Encoding': acceptEncoding });
    expect(reply.headers['x-answered-by']).toBe('next');
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('BR;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
  });
});
