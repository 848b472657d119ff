/**
 * Two small cookies let the server render the page the client will show, before the client has read this
 * device's storage (which only the browser can):
 * - `enc-seed`: the respondent's shuffle seed, so randomised pages, questions and options come in the same order
 *   on the server, on hydration and after a reload. Random, and meaningless outside this app.
 * - `enc-restore-<survey code>`: this device keeps answers of an unfinished response of that survey, so a reload
 *   shows "restoring your answers" instead of an empty first page until the client has read them back.
 * Neither holds an answer.
 */
export const SEED_COOKIE = 'enc-seed';

export function restoreHintCookie(surveyCode: string): string {
  return `enc-restore-${surveyCode}`;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MONTH_SECONDS = 30 * 24 * 60 * 60;

function writeCookie(name: string, value: string | null, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const age = value === null ? 0 : maxAgeSeconds;
  document.cookie = `${name}=${value ?? ''}; Max-Age=${age}; Path=/; SameSite=Lax`;
}

/** A seed is letters and digits; anything else in the cookie (tampered, truncated) counts as none. */
export function isSeed(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{8,64}$/.test(value);
}

/** Makes the seed the server rendered with this browser's, unless it already has one. */
export function keepSeed(seed: string): void {
  if (typeof document === 'undefined') return;
  const current = document.cookie.match(new RegExp(`(?:^|; )${SEED_COOKIE}=([^;]*)`))?.[1];
  if (!isSeed(current)) writeCookie(SEED_COOKIE, seed, YEAR_SECONDS);
}

export function setRestoreHint(surveyCode: string, on: boolean): void {
  writeCookie(restoreHintCookie(surveyCode), on ? '1' : null, MONTH_SECONDS);
}
