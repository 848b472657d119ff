'use client';

import { useEffect, useRef, useState } from 'react';
import { createLazySurveyApi } from '@/lib/api/lazy-survey-api';
import type { Survey } from '@/lib/survey-format/survey';

/** Waits between tries of a read that failed (offline, a 5xx): it is tried again sooner when the browser is back online. */
const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * The words of the pages the first HTML left out (`survey-outline.ts`), from read-survey once they are `wanted`,
 * tried again until they arrive. Without a progress bar: nothing the respondent did waits on it unless a page
 * without its words is on screen, which says so itself.
 */
export function usePageWords(options: {
  apiBaseUrl: string;
  surveyCode: string;
  outlined: boolean;
  wanted: boolean;
  onSurvey: (survey: Survey) => void;
}): void {
  const { apiBaseUrl, surveyCode, outlined, wanted } = options;
  const [api] = useState(() => createLazySurveyApi({ baseURL: apiBaseUrl }));
  const onSurvey = useRef(options.onSurvey);
  useEffect(() => {
    onSurvey.current = options.onSurvey;
  });
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
