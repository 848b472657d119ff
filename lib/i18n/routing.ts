import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales, localeTable, type Locale } from './locales';

/** Seconds in the 365 days the spec keeps the language cookie. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';

const prefixes = Object.fromEntries(
  localeTable.filter((entry) => entry.locale !== defaultLocale).map((entry) => [entry.locale, `/${entry.code}`]),
) as unknown as Record<Exclude<Locale, typeof defaultLocale>, `/${string}`>;

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'as-needed', prefixes },
  localeCookie: { name: LOCALE_COOKIE_NAME, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax', path: '/' },
  // A `Link` header of 33 alternates on every page, built from the address the caller wrote, helps no respondent.
  alternateLinks: false,
});
