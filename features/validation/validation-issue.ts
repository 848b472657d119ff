/**
 * A validation failure as a message key of the `validation` namespace plus its ICU values. The map below is the
 * single list of keys and the exact values each takes, so a caller can never pass `min` where the message says
 * `{max}` (spec §5 warns that some translations got this wrong; the key always carries its own bound).
 */
type IssueValues = {
  required: undefined;
  restricted_values: undefined;
  all_rows: undefined;
  length_between: { min: number; max: number };
  min_length: { min: number };
  max_length: { max: number };
  alphanumeric: undefined;
  text: undefined;
  number: undefined;
  decimal: undefined;
  number_between: { min: number; max: number };
  min_value: { min: number };
  max_value: { max: number };
  email: undefined;
  webpage: undefined;
  regex: undefined;
  date: { format: string };
  sum_total: { total: number };
  file_format: { types: string };
  file_size: { size: number };
  file_count: { count: number };
  min_selections: { min: number };
  max_selections: { max: number };
  single_selection: undefined;
  fill_requirement: { min: number };
  matrix_options_min: { min: number };
  matrix_options_max: { max: number };
  matrix_rows: { min: number };
};

export type ValidationMessageKey = keyof IssueValues;

export type ValidationIssue = {
  [K in ValidationMessageKey]: IssueValues[K] extends undefined
    ? { key: K; values?: undefined }
    : { key: K; values: IssueValues[K] };
}[ValidationMessageKey];

export const validationMessageKeys = [
  'required',
  'restricted_values',
  'all_rows',
  'length_between',
  'min_length',
  'max_length',
  'alphanumeric',
  'text',
  'number',
  'decimal',
  'number_between',
  'min_value',
  'max_value',
  'email',
  'webpage',
  'regex',
  'date',
  'sum_total',
  'file_format',
  'file_size',
  'file_count',
  'min_selections',
  'max_selections',
  'single_selection',
  'fill_requirement',
  'matrix_options_min',
  'matrix_options_max',
  'matrix_rows',
] as const satisfies readonly ValidationMessageKey[];

/** The generic message, also used when a limit's specific message is switched off by the survey config. */
export const REQUIRED_ISSUE: ValidationIssue = { key: 'required' };

function isMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (validationMessageKeys as readonly string[]).includes(value);
}

/**
 * Reads an issue back from the JSON message a zod schema carried (see answer-schema.ts). Anything that is not an
 * issue becomes the generic `required` message rather than a raw string shown to the respondent.
 */
export function issueFromMessage(message: string | undefined): ValidationIssue {
  if (!message) return REQUIRED_ISSUE;
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null) return REQUIRED_ISSUE;
    const { key, values } = parsed as { key?: unknown; values?: unknown };
    if (!isMessageKey(key)) return REQUIRED_ISSUE;
    if (values === undefined || values === null) return { key } as ValidationIssue;
    if (typeof values !== 'object') return REQUIRED_ISSUE;
    const clean: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') clean[name] = value;
    }
    return { key, values: clean } as ValidationIssue;
  } catch {
    return REQUIRED_ISSUE;
  }
}

/** The message a zod issue carries: the issue as JSON, read back by `issueFromMessage`. */
export function issueToMessage(issue: ValidationIssue): string {
  return JSON.stringify(issue);
}
