'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { createLazySurveyApi } from '@/lib/api/lazy-survey-api';
import type { Survey } from '@/lib/survey-format/survey';

/** Waits between tries of a read that failed (offline, a 5xx): it is tried again sooner when the browser is back online. */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * The words of the pages the first HTML left out (`survey-outline.ts`), from read-survey: started by the returned
 * function (at take-over, without a render of its own), or at once when such a page is on screen (`urgent`); tried
 * again until they arrive. Without a progress bar: nothing the respondent did waits on it unless a page without its
 * words is on screen, which says so itself.
 */
export function usePageWords(options: {
  apiBaseUrl: string;
  surveyCode: string;
  outlined: boolean;
  urgent: boolean;
  onSurvey: (survey: Survey) => void;
}): () => void {
  const { apiBaseUrl, surveyCode, outlined, urgent } = options;
  const [api] = useState(() => createLazySurveyApi({ baseURL: apiBaseUrl }));
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
        const survey = await api.readSurvey(surveyCode);
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
  }, [api, surveyCode]);

  useEffect(() => {
    if (urgent && outlined) start();
  }, [outlined, start, urgent]);
  useEffect(() => () => reader.current.stop(), []);
  return start;
}
