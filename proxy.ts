import { NextResponse, type NextRequest } from 'next/server';
import { getServerEnv } from '@/lib/env';
import { COMMON_SECURITY_HEADERS, HSTS, NONCE_HEADER, originOf, pageCsp } from '@/lib/security/security-headers';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { defaultLocale, prefixForLocale } from '@/lib/i18n/locales';
import { LOCALE_COOKIE_MAX_AGE, LOCALE_COOKIE_NAME } from '@/lib/i18n/routing';

/** next-intl reads the request's locale from this header when no middleware of its own ran. */
const NEXT_INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';

/** Spec §2: a path with both `_` and `survey` moves permanently to its hyphenated form. */
export function hyphenatedSurveyPath(pathname: string): string | undefined {
  return pathname.includes('_') && pathname.toLowerCase().includes('survey')
    ? pathname.replaceAll('_', '-')
    : undefined;
}

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
 * proxy when `TRUST_PROXY` is set).
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
  return secured(request, (headers) => route(request, headers));
}

function route(request: NextRequest, securedHeaders: Headers): NextResponse {
  const { pathname, search } = request.nextUrl;

  const hyphenated = hyphenatedSurveyPath(pathname);
  if (hyphenated) return redirectTo(request, `${hyphenated}${search}`, 301);

  const { locale, source, path } = negotiateLocale({
    pathname,
    cookieLocale: request.cookies.get(LOCALE_COOKIE_NAME)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const prefix = prefixForLocale(locale);
  const rest = path.rest === '/' ? '' : path.rest;

  let response: NextResponse;
  if (source === 'prefix' && path.nonCanonical) {
    // `/ja/…` → `/jp/…`, `/es/…` → `/…`: one public URL per page.
    response = redirectTo(request, `${prefix}${rest}${search}` || `/${search}`, 307);
  } else if (source !== 'prefix' && locale !== defaultLocale) {
    response = redirectTo(request, `${prefix}${rest}${search}`, 307);
  } else {
    // The path is served as is; `next.config.ts` rewrites map it to `app/[locale]` (`/jp/…` → `/ja/…`, an
    // unprefixed path → `/es/…`) and next-intl reads the locale from its request header. A rewrite returned from
    // here (next-intl's own `createMiddleware` returns one) is absolute, and Next 16.4.6 names every loopback host
    // `localhost` in it, so behind `next start -H 127.0.0.1` or `-H ::1` its router takes it for another server
    // and loops (proxy.test.ts reproduces it with next-intl 4.14.8; e2e/bind-hosts.spec.ts proves this way settles).
    securedHeaders.set(NEXT_INTL_LOCALE_HEADER, locale);
    response = NextResponse.next({ request: { headers: securedHeaders } });
  }

  if (request.cookies.get(LOCALE_COOKIE_NAME)?.value !== locale) {
    // Spec §9: SameSite lax, or none when the app is framed by another site (which needs Secure).
    const crossSite = request.headers.get('sec-fetch-site') === 'cross-site' && request.nextUrl.protocol === 'https:';
    response.cookies.set(LOCALE_COOKIE_NAME, locale, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: crossSite ? 'none' : 'lax',
      secure: crossSite,
    });
  }
  return response;
}

export const config = {
  // Everything but the API, Next's own assets and files with an extension (images, robots.txt…).
  matcher: ['/((?!api/|_next/|_vercel/|.*\\.[a-zA-Z0-9]+$).*)'],
};
