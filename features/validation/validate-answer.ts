import { asciiDigits } from '@/lib/i18n/ascii-digits';
import { decodeItemValues, decodeMatrixCells, decodeMatrixOption, otherText } from '@/lib/survey-format/answer-codec';
import { parseAnswerNumber } from '@/lib/survey-format/answer-number';
import type { Config, ValidationMessagesEnabled } from '@/lib/survey-format/config';
import { EMPTY_ROW, OTHER_VALUE, isBlank, normalizeAnswer } from '@/lib/survey-format/content';
import { dateFormats } from '@/lib/survey-format/date-formats';
import { maxFilesOf } from '@/lib/survey-format/file-types';
import type { Validation } from '@/lib/survey-format/validation';
import {
  answerFormatOf,
  choiceKindOf,
  isQuestionSubtype,
  matrixCellPartsOf,
  type QuestionSubtype,
} from '@/lib/survey-format/widget-kinds';
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

/**
 * The `min_selections` the respondent can reach: at most the options (or rows, or fields) they can choose, those
 * hidden by logic left out, and at most the maximum that stops them (`max`, 0 for none). A higher minimum would
 * block them for good.
 */
function reachableMin(min: number | undefined, choosable: number, max = 0): number | undefined {
  if (min === undefined) return undefined;
  return Math.min(min, choosable, max > 0 ? max : choosable);
}

/**
 * A pair of bounds the answer can meet: a minimum above the maximum is the owner's mistake, which no answer could
 * satisfy, so neither applies (as `reachableMin` does for selections); the type check still does.
 */
function meetableBounds(min: number | null, max: number | null): { min: number | null; max: number | null } {
  return min !== null && max !== null && min > max ? { min: null, max: null } : { min, max };
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

  const { min: minLength, max: maxLength } = meetableBounds(validation.min_length, validation.max_length);
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

  // Number and decimal values passed the type check above, so they parse.
  const number = validation.type === 'number' || validation.type === 'decimal' ? parseAnswerNumber(value) : null;
  if (number !== null) {
    // "Between 1 and 10" accepts 1 and 10; a bound alone is strict, as spec §5 ("above min_value; below max_value")
    // and its messages say ("The number must be greater than {min}").
    const { min, max } = meetableBounds(validation.min_value, validation.max_value);
    if (min !== null && max !== null) {
      if (number < min || number > max) return { key: 'number_between', values: { min, max } };
    } else if (min !== null && number <= min) {
      return { key: 'min_value', values: { min } };
    } else if (max !== null && number >= max) {
      return { key: 'max_value', values: { max } };
    }
  }

  // A number is restricted by its value ("05", "+5" and "5.0" are a restricted "5"); text in any case and any
  // script's digits, as the type checks read them ("۰" is a restricted "0").
  const asText = (text: string) => asciiDigits(text.trim().toLowerCase());
  const restricted = (candidate: string) =>
    number !== null ? parseAnswerNumber(candidate) === number : asText(candidate) === asText(value);
  if (validation.restricted_values.some(restricted)) {
    return { key: 'restricted_values' };
  }
  return null;
}

function validateChoice(widget: Widget, entries: readonly string[], config: ValidationConfig): ValidationIssue | null {
  // "Other" chosen with nothing typed is no answer for that option, required or not: its text is asked for (with the
  // required message), so it is never sent empty nor counted as a selection.
  const blankOther = entries.some((entry) => {
    const typed = otherText(entry);
    return typed !== null && isBlank(typed);
  });
  if (blankOther) return REQUIRED_ISSUE;
  if (choiceKindOf(widget.subtype) === 'single') {
    if (entries.length > 1) return limitIssue(config, 'single_selection', { key: 'single_selection' });
    return null;
  }
  if (choiceKindOf(widget.subtype) === 'multiple') {
    const count = new Set(entries.map((entry) => (otherText(entry) === null ? entry : OTHER_VALUE))).size;
    const { min_selections: ownerMin, max_selections: max } = widget.settings;
    const min = reachableMin(ownerMin, widget.items.length + (widget.settings.has_other === true ? 1 : 0), max);
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

/**
 * The answered cells of a matrix by row id: the chosen column ids (option matrices) or the typed values (value
 * matrices). A blank value or an `empty_row` one is unanswered in any matrix (the option decoder drops the latter).
 */
function answeredRows(subtype: QuestionSubtype, entries: readonly string[]): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  const add = (rowId: number, cells: Iterable<string | number>) => {
    const answered = Array.from(cells, String).filter((cell) => !isBlank(cell) && cell !== EMPTY_ROW);
    if (answered.length > 0) rows.set(rowId, answered);
  };
  if (answerFormatOf(subtype) === 'MATRIX_OPTION') {
    for (const [rowId, colIds] of decodeMatrixOption(entries)) add(rowId, colIds);
  } else if (matrixCellPartsOf(subtype) === 3) {
    for (const [rowId, cells] of decodeMatrixCells(entries)) add(rowId, cells.values());
  } else {
    for (const [rowId, value] of decodeItemValues(entries)) add(rowId, [value]);
  }
  return rows;
}

function validateMatrix(
  widget: Widget,
  subtype: QuestionSubtype,
  entries: readonly string[],
  config: ValidationConfig,
): ValidationIssue | null {
  const rows = answeredRows(subtype, entries);
  const rowIds = widget.items.map((item) => item.id);
  const answered = rowIds.length > 0 ? rowIds.filter((id) => rows.has(id)).length : rows.size;
  if (answered === 0) return widget.required ? REQUIRED_ISSUE : null;

  if (subtype === 'freetext_matrix' && widget.validation) {
    // The first wrong cell's message, and every wrong cell, so that the widget marks those alone.
    let first: ValidationIssue | null = null;
    const cells: string[] = [];
    for (const [rowId, row] of decodeMatrixCells(entries)) {
      for (const [colId, cell] of row) {
        const unanswered = isBlank(cell) || cell === EMPTY_ROW;
        const issue = unanswered ? null : validateText(cell.trim(), widget.validation);
        if (!issue) continue;
        first ??= issue;
        cells.push(`${rowId}:${colId}`);
      }
    }
    if (first) return { ...first, cells };
  }
  if (widget.required && answered < rowIds.length) {
    return limitIssue(config, 'all_rows_required', { key: 'all_rows' });
  }
  const { min_selections: ownerMin, max_selections: max } = widget.settings;
  if (subtype === 'other_checkbox_matrix') {
    // Per-row option counts, for rows the respondent started; untouched rows are the all-rows rule's business.
    const min = reachableMin(ownerMin, widget.col_options.length, max);
    for (const cells of rows.values()) {
      const count = cells.length;
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
  const min = reachableMin(ownerMin, rowIds.length);
  if (min !== undefined && answered < min) {
    return limitIssue(config, 'matrix_rows', { key: 'matrix_rows', values: { min } });
  }
  return null;
}

function validateFill(widget: Widget, entries: readonly string[], config: ValidationConfig): ValidationIssue | null {
  const rows = answeredRows('freetext_multiple', entries);
  const known = new Set(widget.items.map((item) => item.id));
  const filled = [...rows.entries()].filter(([row]) => known.size === 0 || known.has(row));
  if (filled.length === 0) return widget.required ? REQUIRED_ISSUE : null;

  const total = widget.settings.sum_total;
  if (total !== undefined) {
    // The rule of the running total the respondent sees (answer-number.ts): "60." counts in neither.
    const amounts = filled.map(([itemId, cells]) => ({ itemId, amount: parseAnswerNumber(cells[0] ?? '') }));
    const notNumbers = amounts.filter(({ amount }) => amount === null).map(({ itemId }) => String(itemId));
    if (notNumbers.length > 0) return { key: 'number', cells: notNumbers };
    const sum = amounts.reduce((sum, { amount }) => sum + (amount ?? 0), 0);
    // Tolerance for decimal input (0.1 + 0.2): cents matter, float noise does not.
    if (Math.abs(sum - total) > 1e-9 * Math.max(1, Math.abs(total))) return { key: 'sum_total', values: { total } };
  }
  const { validation } = widget;
  if (validation) {
    // The first wrong field's message, and every wrong field, so that the widget marks those alone.
    const wrong = filled.flatMap(([itemId, cells]) => {
      const issue = validateText((cells[0] ?? '').trim(), validation);
      return issue ? [{ itemId, issue }] : [];
    });
    const first = wrong[0];
    if (first) return { ...first.issue, cells: wrong.map(({ itemId }) => String(itemId)) };
  }
  const { min_selections: ownerMin, max_selections: max } = widget.settings;
  const min = reachableMin(ownerMin, known.size, max);
  if (min !== undefined && filled.length < min) {
    return limitIssue(config, 'fill_requirement', { key: 'fill_requirement', values: { min } });
  }
  if (max !== undefined && max > 0 && filled.length > max) {
    return limitIssue(config, 'fill_requirement', { key: 'fill_max', values: { max } });
  }
  return null;
}

/**
 * The first problem with one question's answer, or `null` when it may be sent.
 *
 * - Empty (no item, or the first item blank) fails only a required question, with `required`.
 * - Choice: a blank "other" text fails, with `required`; more than one item fails a single choice; multiple
 *   choice obeys `min_selections` / `max_selections` (`single_selection` when the maximum is 1).
 * - Free text (input, comment): `validation` (type, length, range, restricted values) on the trimmed text.
 * - Matrices: required means every row answered (`all_rows`); checkbox matrix counts options per row
 *   (`matrix_options_*`), other matrices count answered rows (`matrix_rows`); free-text matrix cells obey
 *   `validation`.
 * - freetext_multiple: `sum_total` (summation, blank fields count as nothing), `validation` per field,
 *   `min_selections` filled fields (`fill_requirement`), `max_selections` (`fill_max`).
 * - File upload: at most `max_files` uploads, one when unset, as the widget allows (`file_count`).
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
  switch (subtype) {
    case 'single_select':
    case 'single_radio':
    case 'single_select_image':
    case 'multiple_select':
    case 'multiple_checkbox':
    case 'multiple_image':
      return validateChoice(widget, entries, config);
    case 'freetext_input':
    case 'freetext_comment': {
      // Never blank: normalizeAnswer has emptied an answer whose first item is.
      const value = (entries[0] ?? '').trim();
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
      return validateMatrix(widget, subtype, entries, config);
    case 'other_file_upload': {
      const max = maxFilesOf(widget.settings);
      return entries.length > max ? { key: 'file_count', values: { count: max } } : null;
    }
    case 'scale_slider':
      // Only the required rule: the slider's control cannot leave its range.
      return null;
    case 'scale_stars':
    case 'scale_numeric':
    case 'scale_nps':
    case 'other_ranking':
    case 'other_datetime':
    case 'other_signature':
      // Points, an ordering of every option, a picked date, a drawing: the control only produces valid values.
      return null;
    default:
      // A new subtype fails the type check here until it says how it validates.
      subtype satisfies never;
      return null;
  }
}
