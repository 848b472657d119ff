import type { FlowView } from '../flow/flow-controller';

/**
 * Smooth, unless the respondent asked for less motion: a script's `behavior: 'smooth'` overrides the stylesheet's
 * reduced-motion `scroll-behavior`, so the choice is made here.
 */
function questionScrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Controls that can take the focus: a disabled one (an empty signature's Undo) cannot, nor a hidden one. */
const CONTROLS =
  'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex="0"]';

/** A row of the answer: a grid's table row or split block, a stars row; else the whole question. */
function answerRow(control: HTMLElement, question: HTMLElement): HTMLElement {
  const row = control.closest<HTMLElement>('tr, fieldset, [role="radiogroup"]');
  return row && question.contains(row) ? row : question;
}

function holdsAnswer(control: HTMLElement): boolean {
  if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) {
    return control.checked;
  }
  return (
    (control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement) &&
    control.value !== ''
  );
}

/**
 * A row with fields to answer and none answered; a slider always holds a value, and a row of buttons alone (an
 * upload, a ranking) is not judged.
 */
function isUnanswered(row: HTMLElement, controls: readonly HTMLElement[]): boolean {
  const fields = controls.filter(
    (control) => row.contains(control) && control.matches('input:not([type=range]), select, textarea'),
  );
  return fields.length > 0 && !fields.some(holdsAnswer);
}

/**
 * Where the respondent has something to do in a question: the "other" text still to type, else the first control
 * marked invalid (a grid cell) in an unanswered row, else the first control of the first unanswered row, else the
 * first control. In a radio group, its checked radio, as Tab would reach it: Space on another would change the
 * answer.
 */
function controlToFocus(question: HTMLElement): HTMLElement | null {
  const controls = [...question.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (control) => !control.closest('[hidden]'),
  );
  const emptyOther = controls.find(
    (control) => control instanceof HTMLInputElement && control.name.endsWith('-other') && control.value === '',
  );
  if (emptyOther) return emptyOther;
  const invalid = controls.filter((control) => control.getAttribute('aria-invalid') === 'true');
  const candidates = invalid.length > 0 ? invalid : controls;
  const target =
    candidates.find((control) => isUnanswered(answerRow(control, question), controls)) ?? candidates[0] ?? null;
  if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked) {
    const checked = controls.find(
      (control) =>
        control instanceof HTMLInputElement &&
        control.type === 'radio' &&
        control.name === target.name &&
        control.checked,
    );
    return checked ?? target;
  }
  return target;
}

function focusQuestion(widgetId: number): void {
  const element = document.getElementById(`question-${widgetId}`);
  if (!element) return;
  element.scrollIntoView({ behavior: questionScrollBehavior(), block: 'center' });
  (controlToFocus(element) ?? element).focus({ preventScroll: true });
}

/** The widget id of the question (`#question-{id}`) that holds the focus, or null. */
function focusedQuestion(): number | null {
  const question = document.activeElement?.closest('[id^="question-"]');
  const id = question ? Number(question.id.slice('question-'.length)) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** The flow's view over the document: focus, scrolling and leaving, after React has painted the change. */
export const domView: FlowView = {
  focusQuestion: (widgetId) => requestAnimationFrame(() => focusQuestion(widgetId)),
  focusedQuestion,
  scrollTop: () => window.scrollY,
  focusMainButton: () => document.getElementById('survey-next')?.focus(),
  showPageTop: () =>
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      document.getElementById('survey-page-heading')?.focus({ preventScroll: true });
    }),
  focusReview: () => requestAnimationFrame(() => document.getElementById('survey-review')?.focus()),
  redirect: (url) => window.location.assign(url),
  forgetResponseLink() {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('response')) return;
    url.searchParams.delete('response');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  },
  restart() {
    // A new response of the same survey: same mode (a preview stays a preview) and the same URL parameters.
    const url = new URL(window.location.href);
    url.searchParams.delete('response');
    // A full load on purpose: a new response starts from fresh stores and a new server render.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${url.pathname}${url.search}`);
  },
};
