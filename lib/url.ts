/**
 * Schemes that stay schemes when digits follow the colon (`tel:911`, `javascript:1/x`), never read as `host:port`:
 * those the URL parser reads without `//` (`http:example.com`, `ftp:21/x`), and the usual ones that have no host.
 */
const SCHEMES_BEFORE_DIGITS = new Set([
  'http',
  'https',
  'ftp',
  'ws',
  'wss',
  'file',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'about',
  'mailto',
  'tel',
  'sms',
]);

/**
 * The text as the URL parser reads it, so the scheme seen here is the one a browser follows: no leading or trailing
 * control characters or spaces, and no tab or line break anywhere (`java\tscript:` is `javascript:`).
 */
function asParsed(url: string): string {
  return url.replace(/^[\p{Cc}\s]+|[\p{Cc}\s]+$/gu, '').replace(/[\t\n\r]/g, '');
}

/**
 * Whether `url` starts with a scheme. A name followed by a port (`localhost:3000/done`) is a host: the safest
 * reading, since anything else before a colon stays a scheme, which a redirect then refuses unless http(s).
 */
function hasScheme(url: string): boolean {
  const match = /^([a-z][a-z\d+.-]*):(\d+(?:[/?#]|$))?/i.exec(url);
  if (!match) return false;
  return match[2] === undefined || SCHEMES_BEFORE_DIGITS.has((match[1] as string).toLowerCase());
}

/** Spec §9: a URL without a scheme gets `http://`. */
export function withScheme(url: string): string {
  const parsed = asParsed(url);
  if (hasScheme(parsed)) return parsed;
  return `http://${parsed.replace(/^\/+/, '')}`;
}

/**
 * A URL the app may send a respondent to: http(s) only (never `javascript:` or `data:`), with the given query
 * parameters appended, each encoded, after the owner's query kept as written (`?ref&a=b%20c` stays so, where
 * rebuilding it would give `?ref=&a=b+c`). `null` when the URL is unusable.
 */
export function safeRedirectUrl(
  url: string | null | undefined,
  parameters: ReadonlyArray<{ name: string; value: string }> = [],
): string | null {
  if (!url || !url.trim()) return null;
  let target: URL;
  try {
    target = new URL(withScheme(url));
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const added = parameters
    .filter(({ name }) => name)
    .map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  if (added) {
    // '' for no query and for a bare `?`; setting it leaves the fragment after it.
    const query = target.search.slice(1);
    target.search = query === '' || query.endsWith('&') ? `${query}${added}` : `${query}&${added}`;
  }
  return target.href;
}

/**
 * An image address from the survey, when it is one a browser should load: http(s), or a path on this site (the page's
 * CSP allows images from both: lib/security/security-headers.ts). Anything else (`javascript:`, `data:`, a malformed
 * URL) is dropped rather than rendered, and so is a path a browser would read as another host's (`//host`,
 * `/\\host`, or with a tab or line break between, which browsers leave out).
 */
export function safeImageUrl(src: string | null | undefined): string | null {
  const trimmed = src?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('/')) return /^\/(?![/\\])\S*$/.test(trimmed) ? trimmed : null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Spec §2: a path with both `_` and `survey` moves permanently to its hyphenated form. The path is as the request
 * wrote it, so an underscore may come percent-encoded (`%5F`).
 */
export function hyphenatedSurveyPath(pathname: string): string | undefined {
  const underscored = pathname.replace(/%5f/gi, '_');
  return underscored.includes('_') && underscored.toLowerCase().includes('survey')
    ? underscored.replaceAll('_', '-')
    : undefined;
}
