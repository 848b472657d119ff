import { otherText } from './answer-codec';
import { EMPTY_ROW, splitAnswer } from './content';
import { datetimeText } from './datetime-text';
import { settingDefaults } from './setting-defaults';
import { resolveText, type Text } from './text';
import type { Widget } from './widget';
import { answerFormatOf, choiceKindOf, isQuestionSubtype, matrixCellPartsOf, storesFiles } from './widget-kinds';

/** Language of the labels: the respondent's, falling back to the survey's original. */
export type AnswerLanguage = { lang: string; originalLang: string };

/**
 * Who reads the text. `display`: the respondent (piping, the summary screen): an id the survey no longer lists
 * is left out, and uploads show nothing (their ids mean nothing to a person). `redirect`: an outside system (finish
 * redirect parameters): ids it cannot label stay as they are, uploads are their ids. `export`: the CSV, one cell per
 * question: as `redirect`, uploads by their file names, parts joined by "; " (answers often hold commas).
 */
export type AnswerTextStyle = 'display' | 'redirect' | 'export';

type Labelled = (label: string) => string;

export type AnswerTextOptions = {
  language: AnswerLanguage;
  style: AnswerTextStyle;
  /** Original file names of uploads by upload id (`export`). */
  fileNames?: ReadonlyMap<string, string>;
  /**
   * Applied to each label (of an option, row, column or dropdown item): owner text, which piping expands. Never to
   * what the respondent typed.
   */
  label?: Labelled;
};

const asWritten: Labelled = (label) => label;

const SEPARATOR: Record<AnswerTextStyle, string> = { display: ', ', redirect: ', ', export: '; ' };

/** The label of a listed option; an id the list lacks is `null`. */
export function optionLabel(
  options: readonly { id: number; value: Text }[],
  id: string,
  language: AnswerLanguage,
): string | null {
  const found = options.find((option) => String(option.id) === id.trim());
  return found ? resolveText(found.value, language.lang, language.originalLang) : null;
}

/** A matrix row's label; a semantic row reads "left – right", both poles being its meaning. */
function rowLabel(widget: Widget, rowId: string, language: AnswerLanguage, labelled: Labelled): string | null {
  const row = widget.items.find((item) => String(item.id) === rowId.trim());
  if (row === undefined) return null;
  const left = labelled(resolveText(row.value, language.lang, language.originalLang));
  return row.right_value === null
    ? left
    : `${left} – ${labelled(resolveText(row.right_value, language.lang, language.originalLang))}`;
}

/**
 * One answer as text, the one way every reader of answers words it: choices as their option labels (with "other"
 * as its typed text, a ranking in rank order), matrix cells as "row: column" (option matrices), "row: value" (stars
 * and field lists) or "row / column: value" (dropdown and text matrices), scales and text as stored, dates for a
 * person in the survey's date format (`display`) else as stored, parts
 * joined by the style's separator. Blank parts and unanswered matrix rows are left out; so is all of a widget that
 * is not a question.
 */
export function answerText(widget: Widget, answer: readonly string[], options: AnswerTextOptions): string {
  const { language, style, label: labelled = asWritten } = options;
  if (!isQuestionSubtype(widget.subtype)) return '';
  const keepUnknown = style !== 'display';
  const named = (list: readonly { id: number; value: Text }[], id: string) => {
    const found = optionLabel(list, id, language);
    return found === null ? null : labelled(found);
  };
  const label = (list: readonly { id: number; value: Text }[], id: string) =>
    named(list, id) ?? (keepUnknown ? id : null);
  const entries = answer.filter((entry) => entry.trim() !== '');
  const parts: (string | null)[] = [];

  if (storesFiles(widget.subtype)) {
    if (style === 'display') return '';
    for (const id of entries) parts.push(style === 'export' ? (options.fileNames?.get(id) ?? id) : id);
  } else if (choiceKindOf(widget.subtype) !== null) {
    for (const entry of entries) {
      const typed = otherText(entry);
      parts.push(typed === null ? label(widget.items, entry) : typed.trim() === '' ? null : typed);
    }
  } else {
    const cellParts = matrixCellPartsOf(widget.subtype);
    if (widget.subtype === 'other_datetime' && style === 'display') {
      const mode = widget.settings.mode ?? settingDefaults.other_datetime.mode;
      parts.push(...entries.map((entry) => datetimeText(entry, mode, widget.settings.date_format)));
    } else if (cellParts === null) {
      parts.push(...entries);
    } else {
      const optionMatrix = answerFormatOf(widget.subtype) === 'MATRIX_OPTION';
      for (const entry of entries) {
        const [rowId = '', second = '', third = ''] = splitAnswer(entry, cellParts);
        const row = rowLabel(widget, rowId, language, labelled) ?? (keepUnknown ? rowId : null);
        if (row === null) continue;
        if (optionMatrix) {
          if (second === EMPTY_ROW || second.trim() === '') continue;
          // scale_semantic has no columns: its second part is the point chosen.
          const column = widget.col_options.length === 0 ? second : (named(widget.col_options, second) ?? second);
          parts.push(`${row}: ${column}`);
        } else if (cellParts === 3) {
          if (third.trim() === '') continue;
          const column = named(widget.col_options, second) ?? second;
          const value =
            widget.subtype === 'other_dropdown_matrix'
              ? (named(widget.settings.dropdown_items ?? [], third) ?? third)
              : third;
          parts.push(`${row} / ${column}: ${value}`);
        } else if (second.trim() !== '') {
          parts.push(`${row}: ${second}`);
        }
      }
    }
  }
  return parts.filter((part): part is string => part !== null).join(SEPARATOR[style]);
}
