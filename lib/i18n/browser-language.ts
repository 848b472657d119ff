import { localeTable, type Locale } from './locales';

const byTag = new Map<string, Locale>(localeTable.map((entry) => [entry.locale.toLowerCase(), entry.locale]));
/** Browser tags that mean one of our languages under another name. */
const aliases = new Map<string, Locale>([
  ['nb', 'no'],
  ['nn', 'no'],
  ['ca-valencia', 'ca-ES-valencia'],
  // The spec's own codes, which are not tags, when a client sends them as if they were.
  ['jp', 'ja'],
  ['val', 'ca-ES-valencia'],
]);
/** Locales whose URL code is not their tag (`ja` is served at `/jp`, `ca-ES-valencia` at `/val`). */
const renamedPrefixes = new Map<string, string>(
  localeTable.filter((entry) => entry.code !== entry.locale).map((entry) => [entry.locale.toLowerCase(), entry.code]),
);

/** RFC 9110's weight: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The weight of one language range: 1 without a `q` parameter (its name is case-insensitive, RFC 9110), 0 (left
 * out) when the weight is not a valid one, so that a malformed `fr;q=abc` does not become the first choice.
 */
function weightOf(params: readonly string[]): number {
  const q = params.map((param) => /^\s*q\s*=\s*(\S*)\s*$/i.exec(param)).find(Boolean)?.[1];
  if (q === undefined) return 1;
  return QVALUE.test(q) ? Number(q) : 0;
}

/** Parses an Accept-Language header into tags by descending quality (stable for equal q). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      return { tag: tag.trim(), q: weightOf(params), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Spec §4: the browser's languages in preference order, each by its exact code, then its base language:
 * `en-GB, fr` → English (next-intl's own "best fit" matcher picks French there), `nb` → Norwegian.
 */
export function matchBrowserLanguage(tags: readonly string[]): Locale | undefined {
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    const exact = byTag.get(tag) ?? aliases.get(tag);
    if (exact) return exact;
    const base = tag.split('-')[0] ?? '';
    const fromBase = byTag.get(base) ?? aliases.get(base);
    if (fromBase) return fromBase;
  }
  return undefined;
}

/**
 * A path that names a language by its BCP-47 tag where the spec's code differs, moved to the code: `/ja/survey` →
 * `/jp/survey`, `/ca-ES-valencia` → `/val`. Undefined for every other path. One public URL per page; next-intl
 * alone would serve `/ja/…` as a Spanish path.
 */
export function codePrefixedPath(pathname: string): string | undefined {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const code = match?.[1] ? renamedPrefixes.get(match[1].toLowerCase()) : undefined;
  return code ? `/${code}${match?.[2] ?? ''}` : undefined;
}
