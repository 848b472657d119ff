import type { Content } from '@/lib/survey-format/content';
import type { SurveyStore } from '@/stores/survey-store';

export interface Autosave {
  /** Queues the pending change now (before leaving a page, before finishing). */
  flush(): Promise<void>;
  dispose(): void;
}

export interface AutosaveTarget {
  saveAnswers(content: Readonly<Content>): Promise<unknown>;
  /**
   * The page is going away (`pagehide`): send the latest answers in a request that outlives it, when `unsent`
   * (changed since the last save was queued) or whatever else the target still waits to deliver.
   */
  sendOnExit(content: Readonly<Content>, unsent: boolean): void;
}

/**
 * Sends answers as the respondent gives them: each change of `responses` in the survey store is queued after a
 * short quiet period, so typing in a text field makes one save, not one per key. The answer itself is already in
 * browser storage (the store writes it first); this only decides when the server hears of it. Connect after
 * `applyOpenResult`, so the opened content is not sent back as a change. The page being hidden (tab switch, app
 * switch) queues at once; the page going away also sends the latest answers with a keepalive request, since
 * nothing asynchronous is sure to finish after `pagehide`.
 */
export function connectAutosave(
  survey: SurveyStore,
  target: AutosaveTarget,
  { delayMs = 800 }: { delayMs?: number } = {},
): Autosave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;

  async function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    await target.saveAnswers(survey.getState().responses);
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
  const onPageHide = () => {
    const { responses, finished } = survey.getState();
    if (!finished) target.sendOnExit(responses, dirty);
    void flush();
  };
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
