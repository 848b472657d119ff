import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuildFolder } from '@/test/build-folder';
import { listenOnLoopback, requestLoopback } from '@/test/loopback-http';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { ALLOWED_METHODS, createMalformedPathGuard, isMalformedPath } from './malformed-path.mjs';

const MANIFEST = {
  headers: [
    { source: '/:path*', regex: '^(?:/(.*))?$', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
    {
      source: '/api/:path*',
      regex: '^/api(?:/(.*))?$',
      headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; sandbox" }],
    },
  ],
};

let distDir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  distDir = writeBuildFolder('malformed-path-', {}, MANIFEST);
  const guard = createMalformedPathGuard(distDir);
  server = createServer((request, response) => {
    if (guard.serve(request, response)) return;
    response.writeHead(200);
    response.end('next');
  });
  port = await listenOnLoopback(server);
});

afterAll(() => {
  server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('a path that does not decode', () => {
  it.each(['/en/survey/%E0%A4%A', '/api/v1/read-survey/%E0/', '/en/survey-words/%', '/%C0%AF'])(
    '%s is a 400 with the security headers, not a bare 500 from Next',
    async (pathname) => {
      const reply = await requestLoopback(port, pathname);
      expect(reply.status).toBe(400);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    },
  );

  it.each(['/api/../en', '/api/%2e%2e/x', '/images/%2E%2E/en/survey/demo', '/en/./survey', '/a/..%5Cen'])(
    '%s, with a dot segment that would pass the proxy by, is a 400 too',
    async (pathname) => {
      expect((await requestLoopback(port, pathname)).status).toBe(400);
    },
  );

  it('leaves every path that decodes to Next, whatever its query', async () => {
    for (const pathname of [
      '/en/survey/abc',
      '/en/survey/%C3%B1',
      '/es/survey/a?x=%E0%A4%A',
      '/en/survey/a..b',
      '/x?p=/../',
    ]) {
      expect((await requestLoopback(port, pathname)).body.toString()).toBe('next');
    }
    expect(isMalformedPath('/en/survey/caf%C3%A9')).toBe(false);
  });
});

describe('a request line Next cannot handle', () => {
  it.each(['*', 'http://evil.com/en/survey/x', 'https://127.0.0.1/api/v1/read-survey/x/'])(
    'the target %s, no path, is a 400 with the security headers, not a 500 or a redirect to its host',
    async (target) => {
      const reply = await requestLoopback(port, target);
      expect(reply.status).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    },
  );

  it.each(['TRACE', 'PUT', 'DELETE', 'PROPFIND'])(
    '%s, a method no route answers, is a 405 that names the allowed ones, with the security headers',
    async (method) => {
      const reply = await requestLoopback(port, '/en/survey/abc', {}, method);
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe('GET, HEAD, POST, PATCH, OPTIONS');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    },
  );

  it('leaves every method the app answers to Next', async () => {
    for (const method of ALLOWED_METHODS as string[]) {
      expect((await requestLoopback(port, '/api/v1/survey-response/abc/', {}, method)).status, method).toBe(200);
    }
  });
});
