import type { SurveyStore } from '@/stores/survey-store';

import type { ResponseLifecycle } from './response-lifecycle';

export interface Autosave {
  /** Queues the pending change now (before leaving a page, before finishing). */
  flush(): Promise<void>;
  dispose(): void;
}

/**
 * Sends answers as the respondent gives them: each change of `responses` in the survey store is queued after a
 * short quiet period, so typing in a text field makes one save, not one per key. The answer itself is already in
 * browser storage (the store writes it first); this only decides when the server hears of it. Connect after
 * `applyOpenResult`, so the opened content is not sent back as a change. The page being hidden (tab switch,
 * close, mobile app switch) flushes at once: the outbox keeps the save in IndexedDB, so it is sent on the next
 * visit if this one ends first.
 */
export function connectAutosave(
  survey: SurveyStore,
  lifecycle: Pick<ResponseLifecycle, 'saveAnswers'>,
  { delayMs = 800 }: { delayMs?: number } = {},
): Autosave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;

  async function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    await lifecycle.saveAnswers(survey.getState().responses);
  }

  const unsubscribe = survey.subscribe((state, previous) => {
    if (state.responses === previous.responses || state.finished) return;
    dirty = true;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) {
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
  }

  return {
    flush,
    dispose() {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (hasDocument) {
        document.removeEventListener('visibilitychange', onHidden);
        window.removeEventListener('pagehide', onPageHide);
      }
    },
  };
}
