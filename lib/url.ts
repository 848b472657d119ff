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
