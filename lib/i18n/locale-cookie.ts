import type { Locale } from './locales';

/** The cookie that keeps the respondent's language (spec §4; §9: 365 days, path /, SameSite lax). */
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';
/** Seconds in the 365 days the spec keeps the language cookie. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Saves a language chosen in the browser before the page load that depends on it: an unprefixed (Spanish) URL is
 * served in the cookie's language. As the proxy saves it: SameSite lax, or none (and Secure) in a frame over https,
 * which is how another site embeds a survey.
 */
export function saveLocaleChoice(locale: Locale): void {
  const framed = window.self !== window.top && window.location.protocol === 'https:';
  document.cookie = `${LOCALE_COOKIE_NAME}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=${framed ? 'None; Secure' : 'Lax'}`;
}
