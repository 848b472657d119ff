import { NextResponse, type NextRequest } from 'next/server';
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

/** The origin the browser used: redirects go back to it, whatever host the server was bound to. */
function browserOrigin(request: NextRequest): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? request.nextUrl.host;
  const protocol =
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? request.nextUrl.protocol.replace(':', '');
  return `${protocol}://${host}`;
}

function redirectTo(request: NextRequest, location: string, status: 301 | 307): NextResponse {
  return NextResponse.redirect(new URL(location, browserOrigin(request)), status);
}

export function proxy(request: NextRequest): NextResponse {
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
    // unprefixed path → `/es/…`). Rewriting here would build an absolute URL on the host Next reports to the
    // proxy, which behind `next start -H 127.0.0.1` is not the one it compares with, and loops.
    const headers = new Headers(request.headers);
    headers.set(NEXT_INTL_LOCALE_HEADER, locale);
    response = NextResponse.next({ request: { headers } });
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
