// No zod here: the browser encodes answers on every survey page; the schema lives in content-schema.ts.

/** Separator of the parts of a joined answer value (`"<row id>:|:<col id>"`). */
export const ANSWER_SEPARATOR = ':|:';
/** Value of the "other" option; its typed text follows the separator: `"others:|:typed text"`. */
export const OTHER_VALUE = 'others';
/** Column value of an unanswered matrix row: `"<row id>:|:empty_row"`. */
export const EMPTY_ROW = 'empty_row';

const CUSTOM_FIELD_PREFIX = 'custom_field:';
const URL_PARAM_PREFIX = 'url_param:';

/** One question's answer: a list of strings (item ids, values or joined values). `[]` is unanswered. */
export type Answer = string[];

/** All answers of a response, by key: widget id (`"101"`), `custom_field:<name>` or `url_param:<name>`. */
export type Content = Record<string, Answer>;

/** Whether two answers hold the same items in the same order; `undefined` (no answer stored) equals only itself. */
export function sameAnswer(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

// Whitespace and format characters (zero-width space, BOM, joiners): a pasted or phone-typed one looks empty.
const BLANK = /^[\s\p{Cf}]*$/u;

/** `true` when the text shows nothing: empty, or only whitespace and invisible format characters. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** `"<row id>:|:empty_row"`: a matrix row left unanswered (an "other" whose text is "empty_row" is not one). */
function isEmptyRow(item: string): boolean {
  const [row, column] = splitAnswer(item, 2);
  return column === EMPTY_ROW && /^-?\d+$/.test(row ?? '');
}

/**
 * The answer as saved: a list that is empty or starts with an empty, null or blank item becomes `[]`
 * (spec §4), and so does a matrix answer with no row answered (only `empty_row` entries, as when logic hides
 * the rows that were); otherwise the items as strings, nulls dropped.
 */
export function normalizeAnswer(list: ReadonlyArray<string | number | null | undefined> | null | undefined): Answer {
  if (!list || list.length === 0) return [];
  const first = list[0];
  if (first === null || first === undefined || isBlank(String(first))) return [];
  const out: Answer = [];
  for (const item of list) {
    if (item === null || item === undefined) continue;
    out.push(String(item));
  }
  return out.every(isEmptyRow) ? [] : out;
}

/** `true` when the answer counts as unanswered (empty, or its first item blank). */
export function isEmptyAnswer(list: ReadonlyArray<string | number | null | undefined> | null | undefined): boolean {
  return normalizeAnswer(list).length === 0;
}

/** Content key of a custom field: `custom_field:<name>`. */
export function customFieldKey(name: string): string {
  return `${CUSTOM_FIELD_PREFIX}${name}`;
}

/**
 * Content key of the respondent's e-mail field (spec §3: an `email_field` source of rules and of the response
 * e-mail): the custom field named by the source's reference, `email` when it names none. Custom fields reach
 * content from the password repository (`check-password-repository`) or the link.
 */
export function emailFieldKey(reference: string): string {
  return customFieldKey(reference.trim() || 'email');
}

/** Content key of a URL parameter: `url_param:<name>`. */
export function urlParamKey(name: string): string {
  return `${URL_PARAM_PREFIX}${name}`;
}

/** `true` for keys that survive "new response" (custom fields and URL parameters, spec §4). */
export function isPersistentKey(key: string): boolean {
  return key.startsWith(CUSTOM_FIELD_PREFIX) || key.startsWith(URL_PARAM_PREFIX);
}

/** An entry that answers a question: no custom field or URL parameter (they come with every page), not empty. */
function answersQuestion([key, answer]: [string, Answer]): boolean {
  return !isPersistentKey(key) && !isEmptyAnswer(answer);
}

/** The questions answered in `content`. */
export function answeredQuestions(content: Readonly<Content>): Content {
  return Object.fromEntries(Object.entries(content).filter(answersQuestion));
}

/** Whether `content` answers any question (stops at the first). */
export function answersAnyQuestion(content: Readonly<Content>): boolean {
  return Object.entries(content).some(answersQuestion);
}

/** Joins parts with `:|:` (`joinAnswer(3, 7)` → `"3:|:7"`). */
export function joinAnswer(...parts: ReadonlyArray<string | number>): string {
  return parts.map(String).join(ANSWER_SEPARATOR);
}

/**
 * Splits a joined value on `:|:`. With `limit`, at most `limit` parts are returned and the last one keeps the
 * rest verbatim, so typed text that itself contains the separator survives:
 * `splitAnswer('others:|:a:|:b', 2)` → `['others', 'a:|:b']`.
 */
export function splitAnswer(value: string, limit?: number): string[] {
  const parts = value.split(ANSWER_SEPARATOR);
  if (limit === undefined || limit < 1 || parts.length <= limit) return parts;
  return [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(ANSWER_SEPARATOR)];
}
