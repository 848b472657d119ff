import { defaultLocale, localeTable, type Locale } from './locales';

/** Where a request's language came from, in the order of spec §4. */
export type LocaleSource = 'prefix' | 'cookie' | 'accept-language' | 'default';

export type PathLocale = {
  /** The locale named by the path's first segment, if any. */
  locale: Locale | undefined;
  /** The path without that prefix ('/' at least). */
  rest: string;
  /** The path used the BCP-47 tag instead of the spec code (`/ja/…`), or `/es/…` for the unprefixed default. */
  nonCanonical: boolean;
};

const byPrefixSegment = new Map<string, Locale>(localeTable.map((entry) => [entry.code.toLowerCase(), entry.locale]));
const byTag = new Map<string, Locale>(localeTable.map((entry) => [entry.locale.toLowerCase(), entry.locale]));
/** Browser tags that mean one of our languages under another name. */
const aliases = new Map<string, Locale>([
  ['nb', 'no'],
  ['nn', 'no'],
  ['ca-valencia', 'ca-ES-valencia'],
]);

/** Splits `/jp/survey/1` into `ja` and `/survey/1`. */
export function localeFromPath(pathname: string): PathLocale {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const segment = match?.[1]?.toLowerCase();
  const rest = match?.[2] ?? '/';
  if (!segment) return { locale: undefined, rest: pathname || '/', nonCanonical: false };
  const fromCode = byPrefixSegment.get(segment);
  if (fromCode) return { locale: fromCode, rest, nonCanonical: fromCode === defaultLocale };
  const fromTag = byTag.get(segment);
  if (fromTag) return { locale: fromTag, rest, nonCanonical: true };
  return { locale: undefined, rest: pathname, nonCanonical: false };
}

/** Parses an Accept-Language header into tags by descending quality (stable for equal q). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Exact tag first, then its base language: `ja` → ja, `pt-BR` → pt, `ca-ES-valencia` → Valencian. */
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

export type NegotiationInput = {
  pathname: string;
  cookieLocale: string | undefined;
  acceptLanguage: string | null | undefined;
};

export type Negotiation = { locale: Locale; source: LocaleSource; path: PathLocale };

/** Spec §4: URL prefix, else the stored cookie, else the browser's languages, else `es`. */
export function negotiateLocale({ pathname, cookieLocale, acceptLanguage }: NegotiationInput): Negotiation {
  const path = localeFromPath(pathname);
  if (path.locale) return { locale: path.locale, source: 'prefix', path };
  const stored = cookieLocale ? byTag.get(cookieLocale.toLowerCase()) : undefined;
  if (stored) return { locale: stored, source: 'cookie', path };
  const browser = matchBrowserLanguage(parseAcceptLanguage(acceptLanguage));
  if (browser) return { locale: browser, source: 'accept-language', path };
  return { locale: defaultLocale, source: 'default', path };
}
