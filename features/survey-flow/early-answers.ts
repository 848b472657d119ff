import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/** Where the inline script keeps the names of fields touched before the client took over. */
export const EARLY_ANSWERS_GLOBAL = '__surveyEarlyAnswers';

/**
 * Runs as soon as the server's HTML is parsed, before any bundle: it notes which question fields the respondent
 * touches, so answers given before hydration (the first page works without JavaScript) are not lost.
 * Static code, no data: safe as inline script.
 */
export const EARLY_ANSWERS_SCRIPT = `(function(){var n=window.${EARLY_ANSWERS_GLOBAL}=window.${EARLY_ANSWERS_GLOBAL}||[];function f(e){var t=e.target;if(t&&t.name&&/^q\\d+$/.test(t.name)&&n.indexOf(t.name)<0)n.push(t.name)}document.addEventListener('change',f,true);document.addEventListener('input',f,true)})();`;

/** Field names the inline script saw, emptied as they are read. */
export function takeEarlyFieldNames(): string[] {
  const holder = window as unknown as Record<string, string[] | undefined>;
  const names = holder[EARLY_ANSWERS_GLOBAL] ?? [];
  holder[EARLY_ANSWERS_GLOBAL] = [];
  return names;
}

/**
 * The answer a plain form field holds, for the simple widgets whose controls map one to one to the answer
 * encoding (choices, free text, comment, date): radios and checkboxes by their value (the item id), text by its
 * content. Richer widgets (matrices, other-text, ranking…) only work once the client has taken over.
 */
export function answerFromForm(widget: Widget, form: Pick<HTMLFormElement, 'querySelectorAll'>): string[] | null {
  if (!isQuestionSubtype(widget.subtype)) return null;
  const fields = Array.from(
    form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="q${widget.id}"]`),
  );
  if (fields.length === 0) return null;
  const format = answerFormatOf(widget.subtype);
  const first = fields[0];
  if (first instanceof HTMLInputElement && (first.type === 'radio' || first.type === 'checkbox')) {
    const checked = (fields as HTMLInputElement[]).filter((field) => field.checked).map((field) => field.value);
    if (checked.some((value) => value === 'others')) return null;
    return format === 'SINGLE' ? checked.slice(0, 1) : checked;
  }
  if (format !== 'SINGLE' || !first) return null;
  const value = first.value.trim() === '' ? '' : first.value;
  return value === '' ? [] : [value];
}
