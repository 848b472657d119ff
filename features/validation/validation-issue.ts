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
  fill_max: { max: number };
  matrix_options_min: { min: number };
  matrix_options_max: { max: number };
  matrix_rows: { min: number };
};

export type ValidationMessageKey = keyof IssueValues;

/** Each issue's message (`validation` in messages/*.json), spelled out so that every key is checked against them. */
export const validationMessageKeys = {
  required: 'validation.required',
  restricted_values: 'validation.restricted_values',
  all_rows: 'validation.all_rows',
  length_between: 'validation.length_between',
  min_length: 'validation.min_length',
  max_length: 'validation.max_length',
  alphanumeric: 'validation.alphanumeric',
  text: 'validation.text',
  number: 'validation.number',
  decimal: 'validation.decimal',
  number_between: 'validation.number_between',
  min_value: 'validation.min_value',
  max_value: 'validation.max_value',
  email: 'validation.email',
  webpage: 'validation.webpage',
  regex: 'validation.regex',
  date: 'validation.date',
  sum_total: 'validation.sum_total',
  file_format: 'validation.file_format',
  file_size: 'validation.file_size',
  file_count: 'validation.file_count',
  min_selections: 'validation.min_selections',
  max_selections: 'validation.max_selections',
  single_selection: 'validation.single_selection',
  fill_requirement: 'validation.fill_requirement',
  fill_max: 'validation.fill_max',
  matrix_options_min: 'validation.matrix_options_min',
  matrix_options_max: 'validation.matrix_options_max',
  matrix_rows: 'validation.matrix_rows',
} as const satisfies Record<ValidationMessageKey, string>;

export type ValidationIssue = {
  [K in ValidationMessageKey]: IssueValues[K] extends undefined
    ? { key: K; values?: undefined }
    : { key: K; values: IssueValues[K] };
}[ValidationMessageKey] & {
  /**
   * The fields whose own values the issue is about, a free-text matrix's cells (`"<row id>:<col id>"`) or a
   * freetext_multiple's items (`"<item id>"`): only they are marked.
   */
  cells?: readonly string[];
};

/** The generic message, also used when a limit's specific message is switched off by the survey config. */
export const REQUIRED_ISSUE: ValidationIssue = { key: 'required' };
