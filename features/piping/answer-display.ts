import { EMPTY_ROW, OTHER_VALUE, splitAnswer } from '@/lib/survey-format/content';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/** How a piped answer is shown (the token's `|option`). */
export type PipeMode = 'answer' | 'selected' | 'selected_other' | 'not_selected' | 'matrix';

export type DisplayLanguage = { lang: string; originalLang: string };

const JOIN = ', ';

function label(text: Text, language: DisplayLanguage): string {
  return resolveText(text, language.lang, language.originalLang);
}

function findLabel(list: readonly { id: number; value: Text }[], id: string, language: DisplayLanguage): string | null {
  const found = list.find((entry) => String(entry.id) === id.trim());
  return found ? label(found.value, language) : null;
}

const CHOICE = new Set([
  'single_select',
  'single_radio',
  'single_select_image',
  'multiple_select',
  'multiple_checkbox',
  'multiple_image',
  'other_ranking',
]);

function isOther(entry: string): boolean {
  return splitAnswer(entry, 2)[0] === OTHER_VALUE;
}

/** Labels of chosen listed options, in the answer's order (rank order for ranking); unknown ids are left out. */
function selectedLabels(widget: Widget, answer: readonly string[], language: DisplayLanguage): string[] {
  const out: string[] = [];
  for (const entry of answer) {
    if (isOther(entry)) continue;
    const text = findLabel(widget.items, entry, language);
    if (text) out.push(text);
  }
  return out;
}

function otherText(answer: readonly string[]): string {
  const entry = answer.find(isOther);
  return entry ? (splitAnswer(entry, 2)[1] ?? '').trim() : '';
}

/** Matrix cells as "row: column" (option matrices), "row: value" (stars, fields), "row / column: value". */
function matrixCells(widget: Widget, answer: readonly string[], language: DisplayLanguage): string[] {
  const subtype = widget.subtype;
  const withColumn = subtype === 'other_dropdown_matrix' || subtype === 'freetext_matrix';
  const optionMatrix = isQuestionSubtype(subtype) && answerFormatOf(subtype) === 'MATRIX_OPTION';
  const out: string[] = [];
  for (const entry of answer) {
    const parts = splitAnswer(entry, withColumn ? 3 : 2);
    const rowId = parts[0] ?? '';
    const row = findLabel(widget.items, rowId, language);
    if (row === null) continue;
    if (optionMatrix) {
      const col = parts[1];
      if (col === undefined || col === EMPTY_ROW || col.trim() === '') continue;
      out.push(`${row}: ${findLabel(widget.col_options, col, language) ?? col}`);
    } else if (withColumn) {
      const col = parts[1] ?? '';
      const raw = parts[2] ?? '';
      if (raw.trim() === '') continue;
      const value =
        subtype === 'other_dropdown_matrix'
          ? (findLabel(widget.settings.dropdown_items ?? [], raw, language) ?? raw)
          : raw;
      out.push(`${row} / ${findLabel(widget.col_options, col, language) ?? col}: ${value}`);
    } else {
      const value = parts[1] ?? '';
      if (value.trim() === '') continue;
      out.push(`${row}: ${value}`);
    }
  }
  return out;
}

/**
 * The display text of one answer for a pipe token (survey-format.md, "Pipe tokens"). Plain text, never markup.
 *
 * - `answer` (`{{question:ID}}`): choices → option labels, with "other" as its typed text; ranking → labels in
 *   rank order; matrices → cells (see `matrix`); scales, stars and NPS → the number; free text as typed; dates as
 *   stored; uploads and signatures → '' (their ids mean nothing to a respondent).
 * - `selected`: labels of the chosen listed options only (without "other").
 * - `selected_other`: the text typed in "other" only.
 * - `not_selected`: labels of the listed options not chosen, in the question's order (hidden ones left out).
 * - `matrix`: "row: column" per chosen cell ("row: value" for stars and field lists, "row / column: value" for
 *   dropdown and text matrices); on a question that is not a matrix, the same as `answer`.
 *
 * Several values are joined by ", ". A mode that does not apply to the question gives ''.
 */
export function answerDisplay(
  widget: Widget,
  answer: readonly string[],
  mode: PipeMode,
  language: DisplayLanguage,
  hiddenItemIds?: ReadonlySet<number>,
): string {
  if (!isQuestionSubtype(widget.subtype)) return '';
  const entries = answer.filter((entry) => entry.trim() !== '');
  if (entries.length === 0 && mode !== 'not_selected') return '';
  const format = answerFormatOf(widget.subtype);
  const choice = CHOICE.has(widget.subtype);

  if (choice) {
    switch (mode) {
      case 'selected':
        return selectedLabels(widget, entries, language).join(JOIN);
      case 'selected_other':
        return otherText(entries);
      case 'not_selected': {
        const chosen = new Set(entries.map((entry) => entry.trim()));
        return widget.items
          .filter((item) => !chosen.has(String(item.id)) && !hiddenItemIds?.has(item.id))
          .map((item) => label(item.value, language))
          .join(JOIN);
      }
      default: {
        const out: string[] = [];
        for (const entry of entries) {
          if (isOther(entry)) {
            const typed = (splitAnswer(entry, 2)[1] ?? '').trim();
            if (typed) out.push(typed);
          } else {
            const text = findLabel(widget.items, entry, language);
            if (text) out.push(text);
          }
        }
        return out.join(JOIN);
      }
    }
  }

  if (mode === 'selected_other' || mode === 'not_selected') return '';
  if (format === 'MATRIX_OPTION' || format === 'MATRIX_VALUE') {
    return matrixCells(widget, entries, language).join(JOIN);
  }
  if (widget.subtype === 'other_file_upload' || widget.subtype === 'other_signature') return '';
  // Scales, stars, NPS, slider, free text, date/time: the stored value as typed.
  return entries.join(JOIN);
}
