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

/** The attribute of the survey screen that carries the seed its server render used (`KEEP_SEED_SCRIPT`). */
export const SEED_ATTRIBUTE = 'data-respondent-seed';

/**
 * `keepSeed` as an inline script of the survey screen, run as the parser reaches it: a reload (or a second tab) before
 * the client has taken over, seconds on a slow phone, gets the same order, and the answers noted meanwhile stay on the
 * questions they were given to. Static code: it reads the seed from its screen's `SEED_ATTRIBUTE`.
 */
export const KEEP_SEED_SCRIPT = `(function(){try{var s=document.currentScript,r=s&&s.closest('[${SEED_ATTRIBUTE}]'),v=r&&r.getAttribute('${SEED_ATTRIBUTE}'),seed=/^[A-Za-z0-9]{8,64}$/;if(!v||!seed.test(v))return;var m=document.cookie.match(/(?:^|; )${SEED_COOKIE}=([^;]*)/);if(m&&seed.test(m[1]))return;document.cookie='${SEED_COOKIE}='+v+'; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax'}catch(e){}})();`;

export function setRestoreHint(surveyCode: string, on: boolean): void {
  writeCookie(restoreHintCookie(surveyCode), on ? '1' : null, MONTH_SECONDS);
}
