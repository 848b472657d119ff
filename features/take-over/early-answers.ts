import {
  encodeItemValues,
  encodeMatrixCells,
  encodeMatrixOption,
  encodeMultipleChoice,
  encodeSingleChoice,
} from '@/lib/survey-format/answer-codec';
import { OTHER_VALUE } from '@/lib/survey-format/content';
import { normaliseDatetime } from '@/lib/survey-format/datetime-text';
import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/** A Next or Back pressed before the client took over, carried out once it has. */
export type EarlyAction = 'next' | 'back';

/** Answers given on the server-rendered page before the client took over: question id and encoded answer. */
export type EarlyAnswers = ReadonlyArray<readonly [number, string[]]>;

/** Where the inline script keeps the names of fields touched before the client took over. */
export const EARLY_ANSWERS_GLOBAL = '__surveyEarlyAnswers';

/** Where it keeps, on each field touched, its value and checked state as the respondent left them. */
const EARLY_STATE_PROPERTY = '__surveyEarly';

/**
 * The session storage key (followed by the page's path and query) of the fields touched on a page left before the
 * take-over. The query keeps an owner's preview (`?mode=readOnly`) from filling the real survey's fields in that tab.
 */
export const EARLY_RELOAD_KEY = 'survey-early-fields:';

/** A reload is seconds; fields kept longer ago belong to an earlier visit and are not put back. */
const EARLY_RELOAD_MAX_AGE_MS = 120_000;

/**
 * Runs as soon as the server's HTML is parsed, before any bundle, until the client has taken over
 * (`data-hydrated`). It notes which question fields the respondent touches, so answers given meanwhile (the first
 * page works without JavaScript) are not lost. A Next, Finish or Back pressed meanwhile (`data-survey-action`, or
 * Enter submitting the form) is held back — never a native submission, which would reload the page and put the
 * answers in the URL — and noted on `<html data-pending-action>`, which also shows it pending; the client carries it
 * out once it has taken over. So is the submit of another form that names its action (`data-early-action`: the
 * password gate, whose password would otherwise land in the URL). `stopImmediatePropagation` keeps a half-hydrated React from acting on it as well.
 * Shift+Enter in the survey form is the next question (spec §2), which only the client can carry out: it is
 * cancelled, rather than let through as the form's submit, which would be held as Next.
 * A pointer released on a slider counts as choosing the value its thumb rests on, as the client's slider does: a tap
 * where the thumb already is fires no input or change event, so it is noted then.
 * A tick that would take a group past its `max_selections` (`data-max-selections`; each box ticked in it counts,
 * "other" too) is refused, as by the client, which disables the rest of the group at the maximum.
 * A file dragged onto the page is cancelled (the browser would open it in the tab, leaving the survey); one dropped on
 * a file question's drop zone (`data-file-drop`) is put into its input, where the widget takes it as a file picked
 * meanwhile.
 * A question's hidden "Next question" link (`data-next-question`) is shown once a field of it holds an answer (a
 * ticked box or a text that is not blank, as `isBlank` reads it; the text beside "other" counts only through its
 * box), and hidden again when none does, as the client shows it: at the take-over it is already where it will be.
 * Each touched field also keeps its value and checked state as the respondent left it: React, hydrating a
 * controlled field that is typed into meanwhile, sets it back to its (still empty) state, and
 * `restoreEarlyFieldStates` puts the respondent's input back before it is read.
 * A field drawn twice (a matrix cell in either layout) takes what is typed or chosen in the other copy at once, so
 * the copy read at the take-over is never an older one.
 * A page left before the client took over (a reload after a script failed to load, or the respondent's own) keeps
 * those states in session storage, written on each change (a page that fails to hydrate may have lost its fields by
 * `pagehide`) (`EARLY_RELOAD_KEY`, the path and the query), and the page loaded next in that tab within
 * `EARLY_RELOAD_MAX_AGE_MS` puts them back into its fields (every field of the name: a layout drawn for either width
 * has two), once parsed, and notes them as touched: the take-over
 * then reads them as answers given before it. Read once, whatever its age.
 * Static code, no data: safe as inline script.
 */
export const EARLY_ANSWERS_SCRIPT = `(function(){var d=document,r=d.documentElement,w=window,n=w.${EARLY_ANSWERS_GLOBAL}=w.${EARLY_ANSWERS_GLOBAL}||[];function f(e){var t=e.target,m=t&&t.name&&/^q\\d+/.exec(t.name);if(!m)return;if(n.indexOf(m[0])<0)n.push(m[0]);if(r.dataset.hydrated)return;var g=t.type==='checkbox'||t.type==='file'?[t]:d.getElementsByName(t.name);for(var i=0;i<g.length;i++){if(!b(t)&&g[i]!==t)g[i].value=t.value;g[i].${EARLY_STATE_PROPERTY}={v:g[i].value,c:g[i].checked}}u(t);v()}function u(t){var q=t.closest&&t.closest('[data-widget-id]'),l=q&&q.querySelector('[data-next-question]'),g,e,a=false;if(!l)return;g=q.querySelectorAll('[name^="q"]');for(var i=0;i<g.length;i++){e=g[i].${EARLY_STATE_PROPERTY};if(e&&g[i].type!=='file'&&!/-other$/.test(g[i].name)&&(b(g[i])?e.c:/[^\\s\\p{Cf}]/u.test(e.v)))a=true}l.hidden=!a}function h(e,a){if(r.dataset.hydrated)return;e.preventDefault();e.stopImmediatePropagation();r.dataset.pendingAction=a}d.addEventListener('change',f,true);d.addEventListener('input',f,true);d.addEventListener('pointerup',function(e){var t=e.target;if(t&&t.type==='range'&&t.closest('#survey-form'))f(e)},true);d.addEventListener('keydown',function(e){var t=e.target;if(!r.dataset.hydrated&&e.key==='Enter'&&e.shiftKey&&t&&t.closest&&t.closest('#survey-form')){e.preventDefault();e.stopImmediatePropagation()}},true);d.addEventListener('click',function(e){var t=e.target,b=t&&t.closest&&t.closest('[data-survey-action]'),x=!r.dataset.hydrated&&t.checked&&t.closest&&t.closest('[data-max-selections]');if(b)h(e,b.getAttribute('data-survey-action'));if(x&&x.querySelectorAll(':checked').length>x.dataset.maxSelections)e.preventDefault()},true);function y(e){var x=e.dataTransfer,t=e.target,z;if(r.dataset.hydrated||!x||x.types.indexOf('Files')<0)return;e.preventDefault();if(e.type==='drop'&&t.closest&&(z=t.closest('[data-file-drop]')))z.querySelector('input').files=x.files}d.addEventListener('dragenter',y,true);d.addEventListener('dragover',y,true);d.addEventListener('drop',y,true);d.addEventListener('submit',function(e){var t=e.target,a=t&&(t.id==='survey-form'?'next':t.getAttribute('data-early-action'));if(a)h(e,a)},true);var k='${EARLY_RELOAD_KEY}'+location.pathname+location.search,s;try{s=w.sessionStorage}catch(x){}function b(e){return e.type==='radio'||e.type==='checkbox'}function v(){if(r.dataset.hydrated||!s)return;var o=[],g=d.querySelectorAll('[name^="q"]');for(var i=0;i<g.length;i++){var e=g[i].${EARLY_STATE_PROPERTY};if(e&&g[i].type!=='file')o.push([g[i].name,e.v,e.c])}try{if(o.length)s.setItem(k,JSON.stringify({t:Date.now(),o:o}))}catch(x){}}w.addEventListener('pagehide',v);d.addEventListener('DOMContentLoaded',function(){var p=null;try{p=JSON.parse(s.getItem(k));s.removeItem(k)}catch(x){}if(!p||!p.o||r.dataset.hydrated||!(Date.now()-p.t<${EARLY_RELOAD_MAX_AGE_MS}))return;var q=w.${EARLY_ANSWERS_GLOBAL}=w.${EARLY_ANSWERS_GLOBAL}||[];for(var i=0;i<p.o.length;i++){var a=p.o[i],g=d.getElementsByName(a[0]),m=/^q\\d+/.exec(a[0]);for(var j=0;j<g.length;j++){var e=g[j];if(b(e)?e.value!==a[1]:e.type==='file')continue;if(b(e))e.checked=a[2];else e.value=a[1];e.${EARLY_STATE_PROPERTY}={v:a[1],c:a[2]};u(e);if(m&&q.indexOf(m[0])<0)q.push(m[0])}}})})();`;

type EarlyState = { v: string; c: boolean };
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Puts back into the form what the respondent typed, chose or ticked before the client took over, where hydration
 * has since reset it (checked radios last, so each group ends with its own choice).
 */
export function restoreEarlyFieldStates(form: HTMLFormElement): void {
  const touched = Array.from(form.querySelectorAll<Field>('[name^="q"]')).flatMap((field) => {
    const state = (field as unknown as Record<string, EarlyState | undefined>)[EARLY_STATE_PROPERTY];
    // A file input takes no value but empty: the picker's files are the widget's own.
    return state && field.type !== 'file' ? [{ field, state }] : [];
  });
  for (const { field, state } of touched) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (!state.c) field.checked = false;
    } else if (field.value !== state.v) field.value = state.v;
  }
  for (const { field, state } of touched) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') && state.c)
      field.checked = true;
  }
}

/**
 * Forgets the fields a page left before the take-over kept for the next one (the inline script's `pagehide`): once
 * a page has taken over, its answers live in the stores, and what was kept earlier is older than them.
 */
export function forgetKeptEarlyFields(): void {
  try {
    window.sessionStorage.removeItem(EARLY_RELOAD_KEY + window.location.pathname + window.location.search);
  } catch {
    // No session storage (a privacy mode): nothing was kept either.
  }
}

/** Field names the inline script saw, emptied as they are read. */
export function takeEarlyFieldNames(): string[] {
  const holder = window as unknown as Record<string, string[] | undefined>;
  const names = holder[EARLY_ANSWERS_GLOBAL] ?? [];
  holder[EARLY_ANSWERS_GLOBAL] = [];
  return names;
}

/**
 * The Next or Back pressed before the client took over, taken (and its pending look removed, which the take-over
 * shows again until it has carried the press out: `showPendingUntil`) as it is read. A held submit of another form
 * (`data-early-action`) is submitted again here, and a held click on another control that names its action
 * (`data-survey-action`, such as Answer later) is clicked again: call it once `data-hydrated` is set, so the inline
 * script lets them through to the client.
 */
export function takeEarlyAction(): EarlyAction | null {
  const root = document.documentElement;
  const action = root.dataset.pendingAction;
  delete root.dataset.pendingAction;
  if (action === 'next' || action === 'back') return action;
  if (!action) return null;
  const form = Array.from(document.forms).find((candidate) => candidate.dataset.earlyAction === action);
  if (form) {
    form.requestSubmit();
    return null;
  }
  const control = Array.from(document.querySelectorAll<HTMLElement>('[data-survey-action]')).find(
    (candidate) => candidate.dataset.surveyAction === action,
  );
  // After the commit that takes over, which calls this: the control's handler and refs are then in place.
  if (control) queueMicrotask(() => control.click());
  return null;
}

/**
 * Shows the Next or Back as pending (`<html data-pending-action>`: a spinner, and "Please wait" in its name) until
 * `done` settles: a press taken over from before the client, or one that waits for the page checks' code. One
 * carried out within its task is never painted so.
 */
export function showPendingUntil(action: EarlyAction, done: Promise<unknown>): void {
  const root = document.documentElement;
  root.dataset.pendingAction = action;
  const clear = () => {
    if (root.dataset.pendingAction === action) delete root.dataset.pendingAction;
  };
  done.then(clear, clear);
}

/** The widget's fields whose name is `q<id>` followed by `-` or `_` and the parts given, as numbers. */
function partsOf(
  form: Pick<HTMLFormElement, 'querySelectorAll'>,
  widgetId: number,
): Array<{ field: Field; ids: number[] }> {
  return Array.from(form.querySelectorAll<Field>(`[name^="q${widgetId}-"], [name^="q${widgetId}_"]`)).flatMap(
    (field) => {
      const ids = field.name
        .slice(`q${widgetId}`.length + 1)
        .split(/[-_]/)
        .map(Number);
      return ids.every(Number.isInteger) ? [{ field, ids }] : [];
    },
  );
}

const isChecked = (field: Field) => field instanceof HTMLInputElement && field.checked;

/**
 * The answer the server-rendered controls of a widget hold, in the content encoding of survey-format.md, for an
 * answer given before the client took over (the first page works without JavaScript): choices (with "other"),
 * scales, text, dates, and the matrices, by the field names the widgets give their controls. `null` when the form
 * has nothing of the widget, or a widget whose answer only exists once the client runs (ranking, files, signature).
 */
export function answerFromForm(widget: Widget, form: Pick<HTMLFormElement, 'querySelectorAll'>): string[] | null {
  if (!isQuestionSubtype(widget.subtype)) return null;
  const rowIds = widget.items.map((item) => item.id);
  const colIds = widget.col_options.map((col) => col.id);
  switch (widget.subtype) {
    case 'other_radio_matrix':
    case 'other_checkbox_matrix':
    case 'scale_semantic': {
      const chosen = new Map<number, number[]>();
      for (const { field, ids } of partsOf(form, widget.id)) {
        const [rowId] = ids;
        if (rowId !== undefined && isChecked(field))
          chosen.set(rowId, [...(chosen.get(rowId) ?? []), Number(field.value)]);
      }
      return encodeMatrixOption(rowIds, chosen);
    }
    case 'scale_stars_matrix':
    case 'freetext_multiple': {
      const values = new Map<number, string>();
      for (const { field, ids } of partsOf(form, widget.id)) {
        const [itemId] = ids;
        const counts = field instanceof HTMLInputElement && field.type === 'radio' ? field.checked : true;
        if (itemId !== undefined && counts && field.value.trim() !== '') values.set(itemId, field.value);
      }
      return encodeItemValues(rowIds, values);
    }
    case 'other_dropdown_matrix':
    case 'freetext_matrix': {
      const cells = new Map<number, Map<number, string>>();
      for (const { field, ids } of partsOf(form, widget.id)) {
        const [rowId, colId] = ids;
        if (rowId === undefined || colId === undefined || field.value.trim() === '') continue;
        cells.set(rowId, new Map(cells.get(rowId)).set(colId, field.value));
      }
      return encodeMatrixCells(rowIds, colIds, cells);
    }
    case 'other_ranking':
    case 'other_file_upload':
    case 'other_signature':
      return null;
    case 'single_select':
    case 'single_radio':
    case 'single_select_image':
    case 'multiple_select':
    case 'multiple_checkbox':
    case 'multiple_image':
    case 'scale_stars':
    case 'scale_slider':
    case 'scale_numeric':
    case 'scale_nps':
    case 'other_datetime':
    case 'freetext_input':
    case 'freetext_comment':
      return plainAnswer(widget, answerFormatOf(widget.subtype) === 'SINGLE', form);
  }
  // Every subtype is named above: a new one fails the type check here until it says how its fields read.
}

/** Choices, scales, text and dates: controls named `q<id>`, valued as the answer encodes them. */
function plainAnswer(
  widget: Widget,
  single: boolean,
  form: Pick<HTMLFormElement, 'querySelectorAll'>,
): string[] | null {
  const fields = Array.from(form.querySelectorAll<Field>(`[name="q${widget.id}"]`));
  const first = fields[0];
  if (!first) return null;
  if (first instanceof HTMLInputElement && (first.type === 'radio' || first.type === 'checkbox')) {
    const checked = fields.filter(isChecked).map((field) => field.value);
    const otherText = form.querySelectorAll<HTMLInputElement>(`[name="q${widget.id}-other"]`)[0]?.value ?? '';
    const other = checked.includes(OTHER_VALUE) ? otherText : null;
    if (single) {
      const [itemId] = checked.filter((value) => value !== OTHER_VALUE).map(Number);
      return encodeSingleChoice(other !== null ? { other } : itemId !== undefined ? { itemId } : null);
    }
    // In the survey's item order, as the widget stores them, not the (possibly shuffled) display order.
    const itemIds = widget.items.map((item) => item.id).filter((id) => checked.includes(String(id)));
    return encodeMultipleChoice({ itemIds, other });
  }
  if (!single) return null;
  if (widget.subtype === 'other_datetime') {
    // As the widget stores it: `2026-11-22T10:30`, without the seconds a browser may add.
    const value = normaliseDatetime(first.value, widget.settings.mode ?? settingDefaults.other_datetime.mode);
    return value === '' ? [] : [value];
  }
  return first.value.trim() === '' ? [] : [first.value];
}
