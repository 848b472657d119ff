import { EMPTY_ROW, OTHER_VALUE, splitAnswer } from '@/lib/survey-format/content';
import { resolveText } from '@/lib/survey-format/text';
import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/** Language of the labels: the respondent's, falling back to the survey's original. */
export type LabelLanguage = { lang: string; originalLang: string };

function labelOf(
  list: readonly { id: number; value: Parameters<typeof resolveText>[0] }[],
  id: string,
  language: LabelLanguage,
): string {
  const found = list.find((entry) => String(entry.id) === id);
  return found ? resolveText(found.value, language.lang, language.originalLang) : id;
}

/**
 * An answer as the text an outside system receives in a finish redirect parameter: option labels (not ids) in
 * the respondent's language, the typed text of "other", matrix cells as `row: column`, values as entered,
 * several joined by ", ". Uploads and signatures give their ids: a label would be meaningless there.
 */
export function answerLabels(widget: Widget, answer: readonly string[], language: LabelLanguage): string {
  if (!isQuestionSubtype(widget.subtype)) return '';
  const format = answerFormatOf(widget.subtype);
  const out: string[] = [];
  for (const entry of answer) {
    if (entry.trim() === '') continue;
    if (format === 'SINGLE' || format === 'MULTIPLE') {
      const [first, typed] = splitAnswer(entry, 2);
      if (first === OTHER_VALUE) {
        if (typed?.trim()) out.push(typed);
      } else if (widget.items.length > 0) {
        out.push(labelOf(widget.items, entry, language));
      } else {
        out.push(entry);
      }
      continue;
    }
    const parts = splitAnswer(
      entry,
      widget.subtype === 'other_dropdown_matrix' || widget.subtype === 'freetext_matrix' ? 3 : 2,
    );
    const row = labelOf(widget.items, parts[0] ?? '', language);
    if (format === 'MATRIX_OPTION') {
      if (parts[1] === undefined || parts[1] === EMPTY_ROW) continue;
      out.push(`${row}: ${labelOf(widget.col_options, parts[1], language)}`);
    } else if (parts.length === 3) {
      const column = labelOf(widget.col_options, parts[1] ?? '', language);
      const value =
        widget.subtype === 'other_dropdown_matrix'
          ? labelOf(widget.settings.dropdown_items ?? [], parts[2] ?? '', language)
          : (parts[2] ?? '');
      if (value.trim()) out.push(`${row} / ${column}: ${value}`);
    } else if ((parts[1] ?? '').trim()) {
      out.push(`${row}: ${parts[1]}`);
    }
  }
  return out.join(', ');
}
