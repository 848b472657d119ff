/**
 * The headers every response carries (docs/security.md). Pages get a nonce CSP from the proxy (a fresh nonce per
 * request; Next puts it on its own scripts, the survey page on its one inline script); API answers and files get a
 * CSP that allows nothing at all (next.config.ts).
 */

/** The request header the proxy hands a page its response's nonce in. */
export const NONCE_HEADER = 'x-nonce';

export interface CspSources {
  /** A fresh random nonce of this response. */
  nonce: string;
  /** CSP `frame-ancestors` sources (`FRAME_ANCESTORS`). */
  frameAncestors: string;
  /** Origins the browser may call besides this one: an external API (`API_BASE_URL`), the error reporter. */
  connect: readonly string[];
  /** Development only: React's dev tooling evaluates code. */
  development?: boolean;
}

/** Where a theme's `font_family` is loaded from at run time (features/theme/web-font.tsx). */
export const WEB_FONT_STYLESHEET_ORIGIN = 'https://fonts.googleapis.com';

/**
 * The page CSP. Scripts: only those carrying this response's nonce, and what they load (`'strict-dynamic'`, so
 * lazily loaded chunks work without listing them). Images from any http(s) host, media from any https one: owner
 * logos, option images and backgrounds are the owner's choice of host (an http one too: a browser upgrades it on an
 * https page, and loads it as it is on an http one); they cannot run code. Frames: the two video players the video
 * block embeds. Styles: inline, for the survey theme's variables and the owner's (sanitised) stylesheet, and the
 * stylesheet of a theme's web font (web-font.tsx).
 */
export function pageCsp({ nonce, frameAncestors, connect, development = false }: CspSources): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'", WEB_FONT_STYLESHEET_ORIGIN],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", ...connect],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** For answers that are never a document to run: JSON and downloaded files. */
export const LOCKED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** Headers of every response, pages and API alike. */
export const COMMON_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Response codes and URL parameters travel in survey URLs: they must not leak to the sites a page links to.
  { key: 'Referrer-Policy', value: 'no-referrer' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Sent over https only (a browser ignores it on http, and it would pin a local http setup to https). */
export const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' };

/** The origin of an absolute URL, for `connect-src`; nothing for a relative one or no URL. */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
