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

/** The first value of a search parameter (Next hands over string | string[] | undefined). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
