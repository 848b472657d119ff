import { defineRouting } from 'next-intl/routing';
import { LOCALE_COOKIE_MAX_AGE, LOCALE_COOKIE_NAME } from './locale-cookie';
import { defaultLocale, locales, localeTable, type Locale } from './locales';

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
