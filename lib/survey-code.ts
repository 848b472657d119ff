/**
 * A survey or response code as it may appear in a URL. Underscores are allowed on input because the proxy
 * turns `_` into `-` on survey paths (spec §2) before a page ever sees them.
 */
export const SURVEY_CODE_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A code a survey can be stored under: no underscore, since the proxy sends every survey path holding one to the
 * same path with hyphens (spec §2), where a survey stored with the underscore would never be found.
 */
export const STORED_SURVEY_CODE_PATTERN = /^[A-Za-z0-9-]{1,128}$/;

export function isSurveyCode(value: unknown): value is string {
  return typeof value === 'string' && SURVEY_CODE_PATTERN.test(value);
}

/**
 * A response code as a link carries it. Another backend may mint codes outside the survey code's alphabet
 * (base64's `+`, `/` and `=`): any visible ASCII is read, since every use encodes it as a path segment or a query
 * value. A `+` that a link left unencoded reaches the page as a space; no code holds a space, so it is a `+` again.
 */
export function responseCodeParam(value: string | undefined): string | null {
  if (value === undefined) return null;
  const code = value.replace(/ /g, '+');
  return /^[\x21-\x7E]{1,256}$/.test(code) ? code : null;
}

/** The first value of a search parameter (Next hands over string | string[] | undefined). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
