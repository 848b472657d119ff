'use client';

import { useEffect, useRef, useState } from 'react';
import { createLazySurveyApi } from '@/lib/api/lazy-survey-api';
import type { Survey } from '@/lib/survey-format/survey';

/** Waits between tries of a read that failed (offline, a 5xx): it is tried again sooner when the browser is back online. */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];
/** An idle moment after taking over, or this long at most: soon enough for a respondent who answers fast. */
const IDLE_TIMEOUT_MS = 500;

/**
 * The words of the pages the first HTML left out (`survey-outline.ts`): read-survey once the client has taken
 * over and the main thread is idle, or at once when such a page is about to be shown (`urgent`), tried again until
 * it arrives. Without a progress bar: nothing the respondent did is waiting on it.
 */
export function usePageWords(options: {
  apiBaseUrl: string;
  surveyCode: string;
  outlined: boolean;
  urgent: boolean;
  onSurvey: (survey: Survey) => void;
}): void {
  const { apiBaseUrl, surveyCode, outlined, urgent } = options;
  const [api] = useState(() => createLazySurveyApi({ baseURL: apiBaseUrl }));
  const onSurvey = useRef(options.onSurvey);
  useEffect(() => {
    onSurvey.current = options.onSurvey;
  });
  const [wanted, setWanted] = useState(false);
  if (urgent && outlined && !wanted) setWanted(true);

  useEffect(() => {
    if (!outlined || wanted) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setWanted(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setWanted(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, [outlined, wanted]);

  useEffect(() => {
    if (!outlined || !wanted) return;
    let stopped = false;
    let attempt = 0;
    let reading = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retryNow = () => {
      clearTimeout(timer);
      void read();
    };
    async function read(): Promise<void> {
      if (reading) return;
      reading = true;
      try {
        const survey = await api.readSurvey(surveyCode);
        if (!stopped) onSurvey.current(survey);
      } catch {
        if (stopped) return;
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
        attempt += 1;
        timer = setTimeout(() => void read(), delay);
      } finally {
        reading = false;
      }
    }
    window.addEventListener('online', retryNow);
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', retryNow);
    };
  }, [api, outlined, surveyCode, wanted]);
}
