import type { Config, ValidationMessagesEnabled } from '@/lib/survey-format/config';
import { EMPTY_ROW, OTHER_VALUE, normalizeAnswer, splitAnswer } from '@/lib/survey-format/content';
import { dateFormats } from '@/lib/survey-format/date-formats';
import type { Validation } from '@/lib/survey-format/validation';
import { choiceKindOf, isQuestionSubtype, matrixCellPartsOf } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';
import { REQUIRED_ISSUE, type ValidationIssue } from './validation-issue';
import {
  isAlphanumeric,
  isDateInFormat,
  isDecimal,
  isEmail,
  isInteger,
  isText,
  isWebpage,
  matchesPattern,
  parseNumber,
} from './value-checks';

/** The part of the survey config validation reads; a whole `Config` fits. */
export type ValidationConfig = Pick<Config, 'validation_messages_enabled'>;

type LimitFlag = keyof ValidationMessagesEnabled;

/**
 * A limit rule (selection counts, fill, matrix rows/options, all rows) always blocks; its flag in
 * `validation_messages_enabled` only decides whether the respondent sees the specific message or the generic
 * "This question is mandatory". Switching a message off must not let incomplete answers through.
 */
function limitIssue(config: ValidationConfig, flag: LimitFlag, issue: ValidationIssue): ValidationIssue {
  return config.validation_messages_enabled[flag] ? issue : REQUIRED_ISSUE;
}

/** Length in user-perceived characters as far as code points go (an emoji counts once, not twice). */
function lengthOf(value: string): number {
  return Array.from(value).length;
}

/**
 * Checks one typed value (already trimmed, not empty) against a `Validation`: the type, then the length, then
 * the numeric range (number and decimal types only), then the restricted values.
 */
export function validateText(value: string, validation: Validation): ValidationIssue | null {
  switch (validation.type) {
    case 'text':
      if (!isText(value)) return { key: 'text' };
      break;
    case 'number':
      if (!isInteger(value)) return { key: 'number' };
      break;
    case 'decimal':
      if (!isDecimal(value)) return { key: 'decimal' };
      break;
    case 'alphanumeric':
      if (!isAlphanumeric(value)) return { key: 'alphanumeric' };
      break;
    case 'email':
      if (!isEmail(value)) return { key: 'email' };
      break;
    case 'webpage':
      if (!isWebpage(value)) return { key: 'webpage' };
      break;
    case 'regex':
      // A missing or uncompilable pattern passes (see matchesPattern): the owner's mistake must not trap respondents.
      if (validation.pattern && !matchesPattern(value, validation.pattern)) return { key: 'regex' };
      break;
    case 'date': {
      const format = validation.date_format;
      const ok = format ? isDateInFormat(value, format) : dateFormats.some((f) => isDateInFormat(value, f));
      if (!ok) return { key: 'date', values: { format: format ?? dateFormats.join(', ') } };
      break;
    }
  }

  const { min_length: minLength, max_length: maxLength } = validation;
  const length = lengthOf(value);
  if (minLength !== null && maxLength !== null) {
    if (length < minLength || length > maxLength) {
      return { key: 'length_between', values: { min: minLength, max: maxLength } };
    }
  } else if (minLength !== null && length < minLength) {
    return { key: 'min_length', values: { min: minLength } };
  } else if (maxLength !== null && length > maxLength) {
    return { key: 'max_length', values: { max: maxLength } };
  }

  if (validation.type === 'number' || validation.type === 'decimal') {
    // Bounds are inclusive: "between 1 and 10" accepts 1 and 10.
    const number = parseNumber(value);
    const { min_value: min, max_value: max } = validation;
    if (min !== null && max !== null) {
      if (number < min || number > max) return { key: 'number_between', values: { min, max } };
    } else if (min !== null && number < min) {
      return { key: 'min_value', values: { min } };
    } else if (max !== null && number > max) {
      return { key: 'max_value', values: { max } };
    }
  }

  const normalized = value.trim().toLowerCase();
  if (validation.restricted_values.some((restricted) => restricted.trim().toLowerCase() === normalized)) {
    return { key: 'restricted_values' };
  }
  return null;
}

/** `true` for an `others:|:…` entry. */
function isOtherEntry(entry: string): boolean {
  return entry === OTHER_VALUE || entry.startsWith(`${OTHER_VALUE}:|:`);
}

function validateChoice(widget: Widget, entries: readonly string[], config: ValidationConfig): ValidationIssue | null {
  // "Other" ticked with nothing typed is an empty answer for that option: it blocks a required question.
  if (widget.required) {
    const blankOther = entries.some((entry) => isOtherEntry(entry) && (splitAnswer(entry, 2)[1] ?? '').trim() === '');
    if (blankOther) return REQUIRED_ISSUE;
  }
  if (choiceKindOf(widget.subtype) === 'single') {
    if (entries.length > 1) return limitIssue(config, 'single_selection', { key: 'single_selection' });
    return null;
  }
  if (choiceKindOf(widget.subtype) === 'multiple') {
    const count = new Set(entries.map((entry) => (isOtherEntry(entry) ? OTHER_VALUE : entry))).size;
    const { min_selections: min, max_selections: max } = widget.settings;
    if (min !== undefined && count < min) {
      return limitIssue(config, 'single_selection', { key: 'min_selections', values: { min } });
    }
    if (max !== undefined && max > 0 && count > max) {
      const issue: ValidationIssue =
        max === 1 ? { key: 'single_selection' } : { key: 'max_selections', values: { max } };
      return limitIssue(config, 'single_selection', issue);
    }
  }
  return null;
}

/** Cells of a matrix answer by row id (the column, or the value), leaving out `empty_row` and blank values. */
function answeredRows(widget: Widget, entries: readonly string[]): Map<string, string[]> {
  // `row:|:col` (option matrices), `row:|:col:|:value` (dropdown and text matrices), `row:|:value` (stars, fields).
  const parts = matrixCellPartsOf(widget.subtype) ?? 2;
  const rows = new Map<string, string[]>();
  for (const entry of entries) {
    const split = splitAnswer(entry, parts);
    if (split.length < parts) continue;
    const row = split[0] ?? '';
    const cell = split[parts - 1] ?? '';
    if (row === '' || cell.trim() === '' || cell === EMPTY_ROW) continue;
    const list = rows.get(row);
    if (list) list.push(cell);
    else rows.set(row, [cell]);
  }
  return rows;
}

function validateMatrix(widget: Widget, entries: readonly string[], config: ValidationConfig): ValidationIssue | null {
  const rows = answeredRows(widget, entries);
  const rowIds = widget.items.map((item) => String(item.id));
  const answered = rowIds.length > 0 ? rowIds.filter((id) => rows.has(id)).length : rows.size;
  if (answered === 0) return widget.required ? REQUIRED_ISSUE : null;

  if (widget.subtype === 'freetext_matrix' && widget.validation) {
    for (const cells of rows.values()) {
      for (const cell of cells) {
        const issue = validateText(cell.trim(), widget.validation);
        if (issue) return issue;
      }
    }
  }
  if (widget.required && answered < rowIds.length) {
    return limitIssue(config, 'all_rows_required', { key: 'all_rows' });
  }
  const { min_selections: min, max_selections: max } = widget.settings;
  if (widget.subtype === 'other_checkbox_matrix') {
    // Per-row option counts, for rows the respondent started; untouched rows are the all-rows rule's business.
    for (const cells of rows.values()) {
      const count = new Set(cells).size;
      if (min !== undefined && count < min) {
        return limitIssue(config, 'matrix_options', { key: 'matrix_options_min', values: { min } });
      }
      if (max !== undefined && max > 0 && count > max) {
        return limitIssue(config, 'matrix_options', { key: 'matrix_options_max', values: { max } });
      }
    }
    return null;
  }
  // Other matrices: `min_selections` counts answered rows ("Answer at least {min} lines").
  if (min !== undefined && answered < min) {
    return limitIssue(config, 'matrix_rows', { key: 'matrix_rows', values: { min } });
  }
  return null;
}

function validateFill(widget: Widget, entries: readonly string[], config: ValidationConfig): ValidationIssue | null {
  const rows = answeredRows(widget, entries);
  const known = new Set(widget.items.map((item) => String(item.id)));
  const filled = [...rows.entries()].filter(([row]) => known.size === 0 || known.has(row));
  if (filled.length === 0) return widget.required ? REQUIRED_ISSUE : null;

  const total = widget.settings.sum_total;
  if (total !== undefined) {
    let sum = 0;
    for (const [, cells] of filled) {
      const number = parseNumber(cells[0] ?? '');
      if (Number.isNaN(number)) return { key: 'number' };
      sum += number;
    }
    // Tolerance for decimal input (0.1 + 0.2): cents matter, float noise does not.
    if (Math.abs(sum - total) > 1e-9 * Math.max(1, Math.abs(total))) return { key: 'sum_total', values: { total } };
  }
  if (widget.validation) {
    for (const [, cells] of filled) {
      const issue = validateText((cells[0] ?? '').trim(), widget.validation);
      if (issue) return issue;
    }
  }
  const { min_selections: min, max_selections: max } = widget.settings;
  if (min !== undefined && filled.length < min) {
    return limitIssue(config, 'fill_requirement', { key: 'fill_requirement', values: { min } });
  }
  if (max !== undefined && max > 0 && filled.length > max) {
    return limitIssue(config, 'fill_requirement', { key: 'max_selections', values: { max } });
  }
  return null;
}

/**
 * The first problem with one question's answer, or `null` when it may be sent.
 *
 * - Empty (no item, or the first item blank) fails only a required question, with `required`.
 * - Choice: a blank "other" text fails a required question; more than one item fails a single choice; multiple
 *   choice obeys `min_selections` / `max_selections` (`single_selection` when the maximum is 1).
 * - Free text (input, comment): `validation` (type, length, range, restricted values) on the trimmed text.
 * - Matrices: required means every row answered (`all_rows`); checkbox matrix counts options per row
 *   (`matrix_options_*`), other matrices count answered rows (`matrix_rows`); free-text matrix cells obey
 *   `validation`.
 * - freetext_multiple: `sum_total` (summation, blank fields count as nothing), `validation` per field,
 *   `min_selections` filled fields (`fill_requirement`), `max_selections`.
 * - File upload: at most `max_files` uploads (`file_count`).
 */
export function validateAnswer(
  widget: Widget,
  answer: readonly string[],
  config: ValidationConfig,
): ValidationIssue | null {
  if (!widget.is_question || !isQuestionSubtype(widget.subtype)) return null;
  const entries = normalizeAnswer(answer);
  if (entries.length === 0) return widget.required ? REQUIRED_ISSUE : null;

  const subtype = widget.subtype;
  const choice = choiceKindOf(subtype);
  if (choice === 'single' || choice === 'multiple') return validateChoice(widget, entries, config);
  switch (subtype) {
    case 'freetext_input':
    case 'freetext_comment': {
      const value = (entries[0] ?? '').trim();
      if (value === '') return widget.required ? REQUIRED_ISSUE : null;
      return widget.validation ? validateText(value, widget.validation) : null;
    }
    case 'freetext_multiple':
      return validateFill(widget, entries, config);
    case 'other_radio_matrix':
    case 'other_checkbox_matrix':
    case 'scale_semantic':
    case 'other_dropdown_matrix':
    case 'scale_stars_matrix':
    case 'freetext_matrix':
      return validateMatrix(widget, entries, config);
    case 'other_file_upload': {
      const max = widget.settings.max_files;
      if (max !== undefined && entries.length > max) return { key: 'file_count', values: { count: max } };
      return null;
    }
    default:
      // Scales, ranking, date/time and signature: the control only produces valid values; presence is enough.
      return null;
  }
}
