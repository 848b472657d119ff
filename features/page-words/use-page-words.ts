'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { Survey } from '@/lib/survey-format/survey';
import { expandSurvey, type CompactSurvey } from '@/lib/survey-format/survey-transport';

/** Waits between tries of a read that failed (offline, a 5xx): it is tried again sooner when the browser is back online. */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/** Where this app's server gives the survey it parsed (`app/[locale]/survey-words/[code]/route.ts`). */
export function surveyWordsPath(languagePrefix: string, surveyCode: string): string {
  return `${languagePrefix}/survey-words/${encodeURIComponent(surveyCode)}`;
}

/** The survey from this app's own server, which parsed it with the contract (so no schema code loads for it). */
async function fetchSurvey(path: string): Promise<Survey> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return expandSurvey((await response.json()) as CompactSurvey);
}

/**
 * The words of the pages the first HTML left out (`survey-outline.ts`), from this app's server (`surveyWordsPath`):
 * started by the returned function (at take-over, without a render of its own), or at once when such a page is on
 * screen (`urgent`); tried again until they arrive. A plain `fetch`, so the read does not wait for the API client's
 * chunk. Without a progress bar: nothing the respondent did waits on it unless a page without its words is on
 * screen, which says so itself.
 */
export function usePageWords(options: {
  /** `surveyWordsPath(…)`. */
  path: string;
  outlined: boolean;
  urgent: boolean;
  onSurvey: (survey: Survey) => void;
}): () => void {
  const { path, outlined, urgent } = options;
  const latest = useRef({ onSurvey: options.onSurvey, outlined });
  useEffect(() => {
    latest.current = { onSurvey: options.onSurvey, outlined };
  });
  const reader = useRef<{ started: boolean; stop: () => void }>({ started: false, stop: () => undefined });

  const start = useCallback(() => {
    if (reader.current.started || !latest.current.outlined) return;
    let stopped = false;
    let reading = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retryNow = () => {
      clearTimeout(timer);
      void read();
    };
    async function read(): Promise<void> {
      if (reading || stopped) return;
      reading = true;
      try {
        const survey = await fetchSurvey(path);
        if (stopped) return;
        stopped = true;
        window.removeEventListener('online', retryNow);
        latest.current.onSurvey(survey);
      } catch {
        if (stopped) return;
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
        attempt += 1;
        timer = setTimeout(() => void read(), delay);
      } finally {
        reading = false;
      }
    }
    reader.current = {
      started: true,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
        window.removeEventListener('online', retryNow);
      },
    };
    window.addEventListener('online', retryNow);
    void read();
  }, [path]);

  useEffect(() => {
    if (urgent && outlined) start();
  }, [outlined, start, urgent]);
  useEffect(() => () => reader.current.stop(), []);
  return start;
}
