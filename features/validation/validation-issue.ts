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

/** The generic message, also used when a limit's specific message is switched off by the survey config. */
export const REQUIRED_ISSUE: ValidationIssue = { key: 'required' };
