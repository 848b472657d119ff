import fs from 'node:fs';
import path from 'node:path';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { getRelativeURL } from 'next/dist/shared/lib/router/utils/relativize-url';
import { NextURL } from 'next/dist/server/web/next-url';
import { NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { describe, expect, it } from 'vitest';
import { routing } from '@/lib/i18n/routing';
import { config, proxy } from './proxy';

/** Path and query of a redirect's Location. */
function target(response: Response): string | null {
  const location = response.headers.get('location');
  if (!location) return null;
  const url = new URL(location, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

function request(
  url: string,
  init: { cookie?: string; acceptLanguage?: string; headers?: Record<string, string> } = {},
) {
  // As a browser sends it; NextURL itself would report `localhost` for 127.0.0.1.
  const headers = new Headers({ host: '127.0.0.1:3000', ...init.headers });
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.acceptLanguage) headers.set('accept-language', init.acceptLanguage);
  return new NextRequest(new URL(url, 'http://127.0.0.1:3000'), { headers });
}

describe('underscore → hyphen (spec §2)', () => {
  it('moves survey paths with underscores permanently, keeping the query', () => {
    const response = proxy(request('/survey_message?x=1'));
    expect(response.status).toBe(301);
    expect(target(response)).toBe('/survey-message?x=1');
    expect(target(proxy(request('/en/survey_resume')))).toBe('/en/survey-resume');
  });
});

describe('no absolute URL from a request header', () => {
  it('a forged X-Forwarded-Host or Host never reaches a Location', () => {
    // On the request's own URL, which Next's adapter then makes relative (e2e/security.spec.ts sees `/…`).
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const moved = proxy(request('/survey/demo_simple', { headers: forged }));
    expect(moved.status).toBe(301);
    const own = request('/').nextUrl.origin;
    expect(moved.headers.get('location')).toBe(`${own}/survey/demo-simple`);
    const negotiated = proxy(request('/', { acceptLanguage: 'fr', headers: forged }));
    expect(negotiated.headers.get('location')).toBe(`${own}/fr`);
  });
});

describe('language negotiation', () => {
  it('redirects to the browser language prefix and saves it for 365 days', () => {
    const response = proxy(request('/', { acceptLanguage: 'fr-FR,fr;q=0.9' }));
    expect(response.status).toBe(307);
    expect(target(response)).toBe('/fr');
    // On the request's own URL, which Next's adapter makes relative: the host the browser used.
    expect(new URL(response.headers.get('location') ?? '').origin).toBe(request('/').nextUrl.origin);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('NEXT_LOCALE=fr');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    // Another browser asking for / may be sent elsewhere: no shared cache keeps this answer for it.
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // next-intl alone saves nothing when the page's language is the browser's.
    const served = proxy(request('/fr', { acceptLanguage: 'fr-FR,fr;q=0.9' }));
    expect(served.headers.get('x-middleware-next')).toBe('1');
    expect(served.headers.get('set-cookie')).toContain('NEXT_LOCALE=fr');
    expect(proxy(request('/survey', { acceptLanguage: 'es' })).headers.get('set-cookie')).toContain('NEXT_LOCALE=es');
  });
  it('matches the browser languages as the spec does: in order, exact code then base language', () => {
    expect(target(proxy(request('/', { acceptLanguage: 'en-GB,fr;q=0.5' })))).toBe('/en');
    expect(target(proxy(request('/', { acceptLanguage: 'nb-NO' })))).toBe('/no');
    expect(target(proxy(request('/', { acceptLanguage: 'xx, *' })))).toBeNull();
  });
  it('saves nothing from a background request, and SameSite=None when framed by another site over https', () => {
    const prefetch = proxy(request('/de', { headers: { 'sec-fetch-dest': 'empty' } }));
    expect(prefetch.headers.get('set-cookie')).toBeNull();
    const framed = proxy(
      new NextRequest('https://surveys.example/de', {
        headers: { host: 'surveys.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'iframe' },
      }),
    );
    const cookie = framed.headers.get('set-cookie')?.toLowerCase() ?? '';
    expect(cookie).toContain('samesite=none');
    expect(cookie).toContain('secure');
  });
  it('uses the custom prefixes for Japanese and Valencian', () => {
    expect(target(proxy(request('/survey', { acceptLanguage: 'ja' })))).toBe('/jp/survey');
    expect(target(proxy(request('/', { acceptLanguage: 'ca-ES-valencia' })))).toBe('/val');
    expect(target(proxy(request('/ja/survey')))).toBe('/jp/survey');
  });
  it('serves Spanish unprefixed, and moves /es/… to the unprefixed path', () => {
    const response = proxy(request('/survey?x=1', { acceptLanguage: 'es-ES' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe('es');
    expect(target(proxy(request('/es/survey')))).toBe('/survey');
    expect(target(proxy(request('/es')))).toBe('/');
  });
  it('reads a cookie that names the language by its spec code, and saves it as the tag', () => {
    const response = proxy(request('/', { cookie: 'NEXT_LOCALE=jp', acceptLanguage: 'fr' }));
    expect(response.headers.get('location')).toMatch(/\/jp$/);
    expect(response.headers.get('set-cookie')).toContain('NEXT_LOCALE=ja;');
  });
  it('prefers the cookie over the browser', () => {
    const response = proxy(request('/', { cookie: 'NEXT_LOCALE=de', acceptLanguage: 'fr' }));
    expect(target(response)).toBe('/de');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
  it('passes a prefixed path on with its locale and stores the choice', () => {
    const response = proxy(request('/jp/survey/abc', { cookie: 'NEXT_LOCALE=fr' }));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe('ja');
    // One cookie, though next-intl saves a changed choice too.
    expect(response.headers.getSetCookie()).toEqual([expect.stringContaining('NEXT_LOCALE=ja;')]);
  });
});

describe('security headers of every page', () => {
  it('a nonce CSP, fresh per response, on the page and on the request Next renders from', () => {
    const first = proxy(request('/en/survey/demo'));
    const second = proxy(request('/en/survey/demo'));
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(first.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS over https only', () => {
    const secure = proxy(new NextRequest('https://surveys.example/en', { headers: { host: 'surveys.example' } }));
    expect(secure.headers.get('strict-transport-security')).toContain('max-age=');
    const forged = proxy(request('/en', { headers: { 'x-forwarded-proto': 'https' } }));
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('why the proxy does not return next-intl’s own rewrite (pinned: next 16.4.6, next-intl 4.14.8)', () => {
  // `next start -H 127.0.0.1`: Next's router builds the request's URL on the address it was started on.
  const initUrl = 'http://127.0.0.1:3000/survey';

  it('a bare createMiddleware(routing) rewrites to a URL Next then takes for another server, and loops', () => {
    const response = createMiddleware(routing)(new NextRequest(initUrl, { headers: { 'accept-language': 'es' } }));
    const rewrite = response.headers.get('x-middleware-rewrite');
    expect(rewrite).toBeTruthy();
    // Next's adapter passes the rewrite through NextURL, which names every loopback address `localhost`
    // (server/web/adapter.ts); its router then compares that origin with its own (resolve-routes.ts): they differ,
    // so the rewrite is proxied as an external URL, back to this server, which rewrites again.
    const adapted = String(new NextURL(rewrite ?? ''));
    expect(getRelativeURL(adapted, initUrl)).toBe('http://localhost:3000/es/survey');
    // When this fails, the versions above no longer loop: drop `servedInPlace` in proxy.ts and the rewrites in
    // next.config.ts.
  });

  it('this proxy lets the same request go on with next-intl’s locale: next.config.ts maps the path, relative', () => {
    const response = proxy(new NextRequest('http://127.0.0.1:3000/jp/survey', { headers: { host: '127.0.0.1:3000' } }));
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('x-middleware-request-x-next-intl-locale')).toBe('ja');
  });
});

describe('which requests the proxy sees', () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
  /** Every file of public/, by the path it is served at. */
  const publicFiles = (dir = 'public'): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? publicFiles(path.join(dir, entry.name))
          : [`/${path.relative('public', path.join(dir, entry.name))}`],
      );

  it("leaves the API, Next's files, public/ and the app's icon to Next", () => {
    const files = [...publicFiles(), '/icon.svg'];
    expect(files).toContain('/images/not-found.svg');
    for (const url of ['/api/v1/read-survey/x/', '/_next/static/chunks/a.js', ...files]) {
      expect(matches(url), url).toBe(false);
    }
  });

  it('takes every other path, one that looks like a file too: it is a page, the not-found one in its language', () => {
    for (const url of ['/', '/survey/abc', '/en/survey/abc', '/report.pdf', '/survey_message.html', '/en/x.y']) {
      expect(matches(url), url).toBe(true);
    }
  });
});
