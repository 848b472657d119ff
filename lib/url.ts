/** Spec §9: a URL without a scheme gets `http://`. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed)) return trimmed;
  return `http://${trimmed.replace(/^\/+/, '')}`;
}

/**
 * A URL the app may send a respondent to: http(s) only (never `javascript:` or `data:`), with the given query
 * parameters appended and encoded. `null` when the URL is unusable.
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
  for (const { name, value } of parameters) if (name) target.searchParams.append(name, value);
  return target.toString();
}

/**
 * An image address from the survey, when it is one a browser should load: http(s), or a path on this site. Anything
 * else (`javascript:`, `data:`, a malformed URL) is dropped rather than rendered, and so is a path a browser would read
 * as another host's (`//host`, `/\\host`, or with a tab or line break between, which browsers leave out).
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
