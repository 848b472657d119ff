import type { RE2JS } from 're2js';
import { asciiDigits } from '@/lib/i18n/ascii-digits';
import { loadOnce } from '@/lib/load-once';
import { parseAnswerNumber } from '@/lib/survey-format/answer-number';
import type { DateFormat } from '@/lib/survey-format/date-formats';

/**
 * Pure checks of one typed value against a validation type (spec §5). Each returns `true` when the value
 * passes. Values are trimmed by the callers: a trailing space typed on a phone must not fail a number. Every check
 * is linear in the value's length (value-checks.test.ts feeds each a 1 MB answer): an answer must never freeze the
 * page. Owner patterns run in RE2, which is linear by construction.
 */

// Integer: optional sign, digits only (any script's, read through asciiDigits). `Number('')` is 0 and `Number('1e3')`
// is 1000, so a regex, not Number().
const INTEGER = /^[+-]?\d+$/;
// Letters (any script, with combining marks), digits and spaces between them.
const ALPHANUMERIC = /^[\p{L}\p{M}\p{Nd}]+(?:\s+[\p{L}\p{M}\p{Nd}]+)*$/u;
// "Text": at least one letter and no digit; punctuation and spaces allowed (names, sentences). Two searches, not
// one pattern: `^[^\d]*\p{L}[^\d]*$` backtracks quadratically on a long answer without a letter.
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
// Pragmatic address check (WHATWG's input[type=email] grammar, plus a mandatory dot in the domain).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// One DNS label (Unicode letters allowed, IDN) and a top-level domain of letters.
const HOST_LABEL = /^(?!-)[\p{L}\p{M}\p{Nd}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isInteger(value: string): boolean {
  return INTEGER.test(asciiDigits(value));
}

/** Dot or comma decimals, by the one number rule every reader of answers shares (answer-number.ts). */
export function isDecimal(value: string): boolean {
  return parseAnswerNumber(value) !== null;
}

export function isAlphanumeric(value: string): boolean {
  return ALPHANUMERIC.test(value);
}

export function isText(value: string): boolean {
  return !DIGIT.test(value) && LETTER.test(value);
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * `http://` or `https://` URLs, or a bare domain (`example.com/path`), which the app's URL helper prefixes with
 * `http://` (spec §9). The host is a domain with a top-level part, or an IPv4 or bracketed IPv6 address; a single
 * name such as `localhost` means no page a reader could open. Other schemes (`javascript:`, `ftp:`) fail.
 */
export function isWebpage(value: string): boolean {
  if (/\s/.test(value)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `http://${value}`);
  } catch {
    return false;
  }
  // URL() has already punycoded the host; check the shape of the original host text for a readable rule.
  const rest = hasScheme ? value.replace(/^https?:\/\//i, '') : value;
  // An IPv6 literal is bracketed; URL() has checked it already.
  if (rest.startsWith('[')) return !url.username && !url.password && url.hostname.startsWith('[');
  const rawHost = rest.split(/[/?#:]/, 1)[0] ?? '';
  if (url.username || url.password || rawHost.includes('@')) return false;
  if (IPV4.test(rawHost)) return true;
  const labels = rawHost.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((label) => HOST_LABEL.test(label)) && TOP_LEVEL.test(tld);
}

/**
 * RE2JS is large (≈75 KB gzipped): it is loaded only for surveys that have a regex validation, ahead of the
 * first check (`loadPatternEngine`), so it never weighs on the first page of a survey without one.
 */
let engine: typeof RE2JS | null = null;

export const loadPatternEngine: () => Promise<void> = loadOnce(() =>
  import('re2js').then((module) => {
    engine = module.RE2JS;
  }),
);

export function isPatternEngineReady(): boolean {
  return engine !== null;
}

/** Compiled patterns by source, so a page re-validated on every keystroke compiles each pattern once. */
const patternCache = new Map<string, RE2JS | null>();
const PATTERN_CACHE_LIMIT = 256;

/**
 * The pattern compiled by RE2JS (linear time: an owner's pattern cannot freeze a respondent's browser), or
 * `null` when RE2 cannot compile it (a syntax error, or a backreference or lookaround RE2 does not support).
 */
export function compilePattern(pattern: string): RE2JS | null {
  if (!engine) throw new Error('Call loadPatternEngine() before checking a pattern.');
  const cached = patternCache.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RE2JS | null;
  try {
    compiled = engine.compile(pattern);
  } catch {
    compiled = null;
  }
  if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.clear();
  patternCache.set(pattern, compiled);
  return compiled;
}

/**
 * Search semantics (like `RegExp.test`): owners anchor with `^…$` when they mean the whole value, as in the
 * wire format's example. A pattern RE2 cannot compile passes: the respondent cannot fix the owner's mistake,
 * and blocking them would make the survey impossible to finish.
 */
export function matchesPattern(value: string, pattern: string): boolean {
  const compiled = compilePattern(pattern);
  return compiled === null ? true : compiled.test(value);
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * `true` when `value` is a real calendar date written in `format` (its separator, field order, a four-digit year,
 * one- or two-digit day and month), in any script's digits. `31-02-2026` and `29-02-2025` fail.
 */
export function isDateInFormat(value: string, format: DateFormat): boolean {
  const separator = format.includes('/') ? '/' : '-';
  const order = format.split(separator);
  const parts = asciiDigits(value).split(separator);
  if (parts.length !== 3 || order.length !== 3) return false;
  let day = 0;
  let month = 0;
  let year = 0;
  for (let index = 0; index < 3; index += 1) {
    const field = order[index];
    const part = parts[index] ?? '';
    if (field === 'YYYY') {
      if (!/^\d{4}$/.test(part)) return false;
      year = Number(part);
    } else if (/^\d{1,2}$/.test(part)) {
      if (field === 'DD') day = Number(part);
      else month = Number(part);
    } else {
      return false;
    }
  }
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}
