/**
 * The one table of UI languages. Everything else (routing, proxy, <html lang dir>, message files,
 * survey-content language codes) derives from it.
 *
 * `locale` is a real BCP-47 tag (what `Intl` and <html lang> get); `code` is the spec's language code,
 * used in URLs and in survey content. They differ for Japanese (`ja` / `jp`) and Valencian
 * (`ca-ES-valencia` / `val`): `Intl` silently formats an unknown tag such as `jp` as US English.
 */
export const localeTable = [
  { locale: 'es', code: 'es', dir: 'ltr', name: 'Español' },
  { locale: 'ar', code: 'ar', dir: 'rtl', name: 'العربية' },
  { locale: 'ca', code: 'ca', dir: 'ltr', name: 'Català' },
  { locale: 'da', code: 'da', dir: 'ltr', name: 'Dansk' },
  { locale: 'de', code: 'de', dir: 'ltr', name: 'Deutsch' },
  { locale: 'el', code: 'el', dir: 'ltr', name: 'Ελληνικά' },
  { locale: 'en', code: 'en', dir: 'ltr', name: 'English' },
  { locale: 'eu', code: 'eu', dir: 'ltr', name: 'Euskara' },
  { locale: 'fa', code: 'fa', dir: 'rtl', name: 'فارسی' },
  { locale: 'fi', code: 'fi', dir: 'ltr', name: 'Suomi' },
  { locale: 'fr', code: 'fr', dir: 'ltr', name: 'Français' },
  { locale: 'gl', code: 'gl', dir: 'ltr', name: 'Galego' },
  { locale: 'hi', code: 'hi', dir: 'ltr', name: 'हिन्दी' },
  { locale: 'id', code: 'id', dir: 'ltr', name: 'Bahasa Indonesia' },
  { locale: 'it', code: 'it', dir: 'ltr', name: 'Italiano' },
  { locale: 'ja', code: 'jp', dir: 'ltr', name: '日本語' },
  { locale: 'ko', code: 'ko', dir: 'ltr', name: '한국어' },
  { locale: 'ms', code: 'ms', dir: 'ltr', name: 'Bahasa Melayu' },
  { locale: 'nl', code: 'nl', dir: 'ltr', name: 'Nederlands' },
  { locale: 'no', code: 'no', dir: 'ltr', name: 'Norsk' },
  { locale: 'pl', code: 'pl', dir: 'ltr', name: 'Polski' },
  { locale: 'pt', code: 'pt', dir: 'ltr', name: 'Português' },
  { locale: 'ro', code: 'ro', dir: 'ltr', name: 'Română' },
  { locale: 'ru', code: 'ru', dir: 'ltr', name: 'Русский' },
  { locale: 'sk', code: 'sk', dir: 'ltr', name: 'Slovenčina' },
  { locale: 'sv', code: 'sv', dir: 'ltr', name: 'Svenska' },
  { locale: 'th', code: 'th', dir: 'ltr', name: 'ไทย' },
  { locale: 'tr', code: 'tr', dir: 'ltr', name: 'Türkçe' },
  { locale: 'uk', code: 'uk', dir: 'ltr', name: 'Українська' },
  { locale: 'ur', code: 'ur', dir: 'rtl', name: 'اردو' },
  { locale: 'ca-ES-valencia', code: 'val', dir: 'ltr', name: 'Valencià' },
  { locale: 'vi', code: 'vi', dir: 'ltr', name: 'Tiếng Việt' },
  { locale: 'zh', code: 'zh', dir: 'ltr', name: '中文' },
] as const satisfies readonly {
  locale: string;
  code: string;
  dir: 'ltr' | 'rtl';
  name: string;
}[];

export type LocaleEntry = (typeof localeTable)[number];
export type Locale = LocaleEntry['locale'];
export type LanguageCode = LocaleEntry['code'];

export const defaultLocale = 'es' satisfies Locale;

export const locales = localeTable.map((entry) => entry.locale) as readonly Locale[];

const byLocale = new Map<string, LocaleEntry>(localeTable.map((entry) => [entry.locale, entry]));
const byCode = new Map<string, LocaleEntry>(localeTable.map((entry) => [entry.code, entry]));

export function isLocale(value: string): value is Locale {
  return byLocale.has(value);
}

export function entryForLocale(locale: Locale): LocaleEntry {
  const entry = byLocale.get(locale);
  if (!entry) throw new Error(`Unknown locale ${locale}`);
  return entry;
}

/** The spec's language code (as in URLs and survey content) for a locale: `ja` → `jp`. */
export function codeForLocale(locale: Locale): LanguageCode {
  return entryForLocale(locale).code;
}

/** The locale for a spec language code, or undefined: `val` → `ca-ES-valencia`. */
export function localeForCode(code: string): Locale | undefined {
  return byCode.get(code)?.locale;
}

/**
 * The `lang` of a survey's texts shown in `textLanguage` on a page in `uiLanguage` (spec codes both): none when they
 * are the same; else the table's BCP-47 tag (`jp` → `ja`), or the code itself when it is shaped like a tag (a
 * language this interface lacks).
 */
export function textLangAttribute(textLanguage: string, uiLanguage: string): string | undefined {
  if (textLanguage === uiLanguage) return undefined;
  return (
    localeForCode(textLanguage) ??
    (/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(textLanguage) ? textLanguage : undefined)
  );
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return entryForLocale(locale).dir;
}

/** URL prefix of a locale: '' for the default language, else `/{code}`. */
export function prefixForLocale(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${codeForLocale(locale)}`;
}

/**
 * A path of this app in a language (`/` → `/jp`, `/survey` → `/jp/survey`; unprefixed in `es`), as next-intl's
 * `getPathname` makes it, for a server page that links without importing next-intl's navigation: a page that imports
 * it ships its Link's code in its first scripts, whether it renders one or not.
 */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = prefixForLocale(locale);
  return path === '/' ? prefix || '/' : `${prefix}${path}`;
}
