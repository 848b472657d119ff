import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

import type { EarlyAction } from './flow/flow-controller';

/** Where the inline script keeps the names of fields touched before the client took over. */
export const EARLY_ANSWERS_GLOBAL = '__surveyEarlyAnswers';

/**
 * Runs as soon as the server's HTML is parsed, before any bundle, until the client has taken over
 * (`data-hydrated`). It notes which question fields the respondent touches, so answers given meanwhile (the first
 * page works without JavaScript) are not lost. A Next, Finish or Back pressed meanwhile (`data-survey-action`, or
 * Enter submitting the form) is held back — never a native submission, which would reload the page and put the
 * answers in the URL — and noted on `<html data-pending-action>`, which also shows it pending; the client carries it
 * out once it has taken over. `stopImmediatePropagation` keeps a half-hydrated React from acting on it as well.
 * Static code, no data: safe as inline script.
 */
export const EARLY_ANSWERS_SCRIPT = `(function(){var d=document,r=d.documentElement,w=window,n=w.${EARLY_ANSWERS_GLOBAL}=w.${EARLY_ANSWERS_GLOBAL}||[];function f(e){var t=e.target;if(t&&t.name&&/^q\\d+$/.test(t.name)&&n.indexOf(t.name)<0)n.push(t.name)}function h(e,a){if(r.dataset.hydrated)return;e.preventDefault();e.stopImmediatePropagation();r.dataset.pendingAction=a}d.addEventListener('change',f,true);d.addEventListener('input',f,true);d.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-survey-action]');if(b)h(e,b.getAttribute('data-survey-action'))},true);d.addEventListener('submit',function(e){if(e.target&&e.target.id==='survey-form')h(e,'next')},true)})();`;

/** Field names the inline script saw, emptied as they are read. */
export function takeEarlyFieldNames(): string[] {
  const holder = window as unknown as Record<string, string[] | undefined>;
  const names = holder[EARLY_ANSWERS_GLOBAL] ?? [];
  holder[EARLY_ANSWERS_GLOBAL] = [];
  return names;
}

/** The Next or Back pressed before the client took over, taken (and its pending look removed) as it is read. */
export function takeEarlyAction(): EarlyAction | null {
  const root = document.documentElement;
  const action = root.dataset.pendingAction;
  delete root.dataset.pendingAction;
  return action === 'next' || action === 'back' ? action : null;
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
