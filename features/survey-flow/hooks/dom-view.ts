import type { FlowView } from '../flow/flow-controller';

/**
 * Smooth, unless the respondent asked for less motion: a script's `behavior: 'smooth'` overrides the stylesheet's
 * reduced-motion `scroll-behavior`, so the choice is made here.
 */
function questionScrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

function focusQuestion(widgetId: number): void {
  const element = document.getElementById(`question-${widgetId}`);
  if (!element) return;
  element.scrollIntoView({ behavior: questionScrollBehavior(), block: 'center' });
  // The first control that can take the focus: a disabled one (an empty signature's Undo) cannot, and the focus
  // would stay where it was.
  const control = element.querySelector<HTMLElement>(
    'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex="0"]',
  );
  (control ?? element).focus({ preventScroll: true });
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
  focusMainButton: () => document.getElementById('survey-next')?.focus(),
  showPageTop: () =>
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      document.getElementById('survey-page-heading')?.focus({ preventScroll: true });
    }),
  focusReview: () => requestAnimationFrame(() => document.getElementById('survey-review')?.focus()),
  redirect: (url) => window.location.assign(url),
  restart() {
    // A new response of the same survey: same mode (a preview stays a preview) and the same URL parameters.
    const url = new URL(window.location.href);
    url.searchParams.delete('response');
    // A full load on purpose: a new response starts from fresh stores and a new server render.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${url.pathname}${url.search}`);
  },
};
