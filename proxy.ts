import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { getServerEnv } from '@/lib/env';
import { COMMON_SECURITY_HEADERS, HSTS, NONCE_HEADER, originOf, pageCsp } from '@/lib/security/security-headers';
import { codePrefixedPath, matchBrowserLanguage, parseAcceptLanguage } from '@/lib/i18n/browser-language';
import { defaultLocale, isLocale, localeForCode, type Locale } from '@/lib/i18n/locales';
import { LOCALE_COOKIE_MAX_AGE, LOCALE_COOKIE_NAME } from '@/lib/i18n/locale-cookie';
import { routing } from '@/lib/i18n/routing';
import { hyphenatedSurveyPath } from '@/lib/url';

const handleI18nRouting = createMiddleware(routing);

/**
 * A redirect to a path of this site. `Host` and `X-Forwarded-*` are written by the caller, so no absolute URL is
 * built from them (a cached 301 to another host would be an open redirect). The target is placed on the request's
 * own URL, which Next then turns into a relative `Location` (every browser resolves it against the address it used);
 * with `PUBLIC_URL` configured it is absolute on that origin instead.
 */
function redirectTo(request: NextRequest, location: string, status: 301 | 307): NextResponse {
  const base = getServerEnv().PUBLIC_URL ?? request.nextUrl.href;
  return NextResponse.redirect(new URL(location, base), status);
}

/**
 * The security headers of every page (docs/security.md): a nonce CSP, which Next also reads from the request to put
 * the nonce on its own scripts, and HSTS when the browser came over https (as the socket says, or the first trusted
 * proxy when `TRUST_PROXY` is set: scripts/server.mjs writes `X-Forwarded-Proto`, from which Next takes the protocol).
 */
function secured(request: NextRequest, respond: (headers: Headers) => NextResponse): NextResponse {
  const env = getServerEnv();
  const nonce = btoa(crypto.randomUUID());
  const csp = pageCsp({
    nonce,
    frameAncestors: env.FRAME_ANCESTORS,
    connect: [...originOf(env.API_BASE_URL), ...originOf(env.SENTRY_DSN)],
    development: env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', csp);
  const response = respond(headers);
  response.headers.set('Content-Security-Policy', csp);
  for (const { key, value } of COMMON_SECURITY_HEADERS) response.headers.set(key, value);
  const https =
    request.nextUrl.protocol === 'https:' ||
    (env.TRUST_PROXY > 0 && request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim() === 'https');
  if (https) response.headers.set(HSTS.key, HSTS.value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const hyphenated = hyphenatedSurveyPath(pathname);
  if (hyphenated) return redirectTo(request, `${hyphenated}${search}`, 301);
  const coded = codePrefixedPath(pathname);
  if (coded) return redirectTo(request, `${coded}${search}`, 307);
  return secured(request, (headers) => routeLanguage(request, headers));
}

/**
 * next-intl routes the language (spec §4: URL prefix, else the cookie, else the browser's languages, else `es`;
 * redirects to the prefixed path; `/es/…` to the unprefixed one). Two things are added around it.
 */
function routeLanguage(request: NextRequest, securedHeaders: Headers): NextResponse {
  // It is handed the browser language the spec matches (exact code, then base language, in preference order).
  const browserLanguage = matchBrowserLanguage(parseAcceptLanguage(request.headers.get('accept-language')));
  if (browserLanguage) securedHeaders.set('accept-language', browserLanguage);
  else securedHeaders.delete('accept-language');
  const intlRequest = new NextRequest(request.url, { headers: securedHeaders });
  // A cookie that names the language by its spec code (`jp`, `val`) rather than its tag is read as that language,
  // and saved again as the tag below.
  const saved = request.cookies.get(LOCALE_COOKIE_NAME)?.value;
  const savedByCode = saved === undefined || isLocale(saved) ? undefined : localeForCode(saved);
  if (savedByCode) intlRequest.cookies.set(LOCALE_COOKIE_NAME, savedByCode);
  const response = servedInPlace(handleI18nRouting(intlRequest));
  saveLanguage(request, response);
  // Where it sends this browser depends on its languages and its cookie: no shared cache may keep it for another.
  if (response.headers.has('location')) {
    response.headers.set('vary', 'Accept-Language, Cookie');
    response.headers.set('cache-control', 'private, no-store');
  }
  return response;
}

/**
 * next-intl serves `/survey` by rewriting to `/es/survey`. A rewrite from here is an absolute URL, and Next 16.4.6
 * names every loopback host `localhost` in it, so behind `next start -H 127.0.0.1` or `-H ::1` its router takes it
 * for another server and loops (proxy.test.ts reproduces it with next-intl 4.14.8). So the request goes on as it
 * came, with next-intl's own locale header, and the relative rewrites in next.config.ts map it to the same
 * `app/[locale]` path, whatever the host (e2e/bind-hosts.spec.ts).
 */
function servedInPlace(response: NextResponse): NextResponse {
  if (!response.headers.has('x-middleware-rewrite')) return response;
  response.headers.delete('x-middleware-rewrite');
  response.headers.set('x-middleware-next', '1');
  return response;
}

/** A page opened in the tab or in a frame (a survey embedded on another site), as `Sec-Fetch-Dest` names it. */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame']);

/** The language of the page served, or redirected to: its prefix, or none for the default language. */
function servedLocale(request: NextRequest, response: NextResponse): Locale {
  const location = response.headers.get('location');
  const path = location ? new URL(location, request.url).pathname : request.nextUrl.pathname;
  return localeForCode(path.split('/')[1] ?? '') ?? defaultLocale;
}

/**
 * Spec §4 saves the language in a cookie (§9: 365 days); next-intl 4 saves it only when it differs from the browser
 * language. Not from the router's background requests (a prefetch of another language is no choice). SameSite is
 * lax, or none when the app is framed by another site (which needs Secure).
 */
function saveLanguage(request: NextRequest, response: NextResponse): void {
  const destination = request.headers.get('sec-fetch-dest');
  if (destination !== null && !PAGE_DESTINATIONS.has(destination)) return;
  const served = servedLocale(request, response);
  if (request.cookies.get(LOCALE_COOKIE_NAME)?.value === served) return;
  const crossSite = request.headers.get('sec-fetch-site') === 'cross-site' && request.nextUrl.protocol === 'https:';
  response.cookies.set(LOCALE_COOKIE_NAME, served, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: crossSite ? 'none' : 'lax',
    secure: crossSite,
  });
}

export const config = {
  // Everything but the API, Next's own assets and the files this app serves (public/images/, the app's icon); a
  // path that only looks like a file (`/report.pdf`) is a page like any other: the not-found page, in its language.
  // Kept in step with next.config.ts and scripts/page-cache.mjs (proxy.test.ts checks every file of public/).
  matcher: ['/((?!api/|_next/|_vercel/|images/|icon\\.svg$).*)'],
};
