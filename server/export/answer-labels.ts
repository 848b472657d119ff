import { EMPTY_ROW, OTHER_VALUE, splitAnswer, type Answer } from '@/lib/survey-format/content';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/** Joins the parts of one answer in a CSV cell. */
export const LABEL_SEPARATOR = '; ';

interface LabelContext {
  /** Language the labels are written in, and the survey's original one (fallback). */
  lang: string;
  originalLang: string;
  /** Original file names of uploads, by upload id. */
  fileNames: ReadonlyMap<string, string>;
}

function labelOf(
  options: ReadonlyArray<{ id: number; value: Text }>,
  id: string | undefined,
  context: LabelContext,
): string {
  const option = options.find((candidate) => String(candidate.id) === id);
  return option === undefined ? (id ?? '') : resolveText(option.value, context.lang, context.originalLang);
}

/** `"others:|:typed"` → the typed text; an item id → its label. */
function choiceLabel(widget: Widget, value: string, context: LabelContext): string {
  const [head, typed] = splitAnswer(value, 2);
  if (head === OTHER_VALUE) return typed ?? '';
  return labelOf(widget.items, value, context);
}

/** A matrix row's label; a semantic row reads "left – right". */
function rowLabel(widget: Widget, rowId: string | undefined, context: LabelContext): string {
  const row = widget.items.find((item) => String(item.id) === rowId);
  if (row === undefined) return rowId ?? '';
  const left = resolveText(row.value, context.lang, context.originalLang);
  return row.right_value === null
    ? left
    : `${left} – ${resolveText(row.right_value, context.lang, context.originalLang)}`;
}

function matrixOptionLabel(widget: Widget, value: string, context: LabelContext): string | null {
  const [rowId, colId] = splitAnswer(value, 2);
  if (colId === EMPTY_ROW) return null;
  // scale_semantic has no columns: the column part is the chosen point.
  const column = widget.col_options.length === 0 ? (colId ?? '') : labelOf(widget.col_options, colId, context);
  return `${rowLabel(widget, rowId, context)}: ${column}`;
}

function matrixValueLabel(widget: Widget, value: string, context: LabelContext): string {
  // freetext_multiple and the stars matrix have no columns: "<item>:|:<value>".
  if (widget.col_options.length === 0) {
    const [rowId, entered] = splitAnswer(value, 2);
    return `${rowLabel(widget, rowId, context)}: ${entered ?? ''}`;
  }
  const [rowId, colId, entered] = splitAnswer(value, 3);
  const shown =
    widget.subtype === 'other_dropdown_matrix'
      ? labelOf(widget.settings.dropdown_items ?? [], entered, context)
      : (entered ?? '');
  return `${rowLabel(widget, rowId, context)} / ${labelOf(widget.col_options, colId, context)}: ${shown}`;
}

/** An answer as a person reads it: labels rather than ids, parts joined by "; ". */
export function answerLabel(widget: Widget, answer: Answer, context: LabelContext): string {
  const subtype = widget.subtype;
  if (!isQuestionSubtype(subtype) || answer.length === 0) return '';
  if (subtype === 'other_file_upload' || subtype === 'other_signature') {
    return answer.map((id) => context.fileNames.get(id) ?? id).join(LABEL_SEPARATOR);
  }
  const format = answerFormatOf(subtype);
  const parts = answer.map((value): string | null => {
    switch (format) {
      case 'MATRIX_OPTION':
        return matrixOptionLabel(widget, value, context);
      case 'MATRIX_VALUE':
        return matrixValueLabel(widget, value, context);
      default:
        return widget.items.length > 0 ? choiceLabel(widget, value, context) : value;
    }
  });
  return parts.filter((part): part is string => part !== null).join(LABEL_SEPARATOR);
}
