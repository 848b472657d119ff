'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { getBrowserProgressBar } from '@/components/shell/progress-controller';
import { createLazySurveyApi, type LazySurveyApi } from '@/lib/api/lazy-survey-api';
import type { SurveyApi } from '@/lib/api/survey-api';
import { useSurveyStores } from '@/stores/survey-stores-provider';
import type { SafeStorage } from '../persistence/safe-storage';
import { createLazyResponseSession } from '../lazy-response-session';
import type { ResponseSession, SessionState } from '../response-session';

/**
 * One API client per page, wired to the progress bar (spec §7: a failed request moves it to failed), loaded
 * once the page is interactive; with `readsSurvey`, read-survey's part as well, so a page that reads the survey
 * after another call (the gate after its password, the resume page after the response) does not wait for it then.
 * With `preloadAtMount: false` the page preloads it itself (`api.preload`), when it is ready to (the survey page,
 * once it has taken over).
 */
export function useSurveyApi(
  apiBaseUrl: string,
  { readsSurvey = false, preloadAtMount = true }: { readsSurvey?: boolean; preloadAtMount?: boolean } = {},
): LazySurveyApi {
  const [api] = useState(() => {
    const bar = getBrowserProgressBar();
    return createLazySurveyApi({
      baseURL: apiBaseUrl,
      onRequestStart: () => bar.start(),
      onRequestEnd: (failed) => bar.done(failed),
    });
  });
  useEffect(() => {
    if (preloadAtMount) void api.preload({ readSurvey: readsSurvey }).catch(() => undefined);
  }, [api, readsSurvey, preloadAtMount]);
  return api;
}

/**
 * The response session of a mounted survey (response-session.ts), created once and disposed on unmount, its code
 * loaded when the flow starts it; the component re-renders when its state changes.
 */
export function useResponseSession(options: {
  surveyCode: string;
  readOnly: boolean;
  api: SurveyApi;
  apiBaseUrl: string;
}): { session: ResponseSession; state: SessionState } {
  const stores = useSurveyStores();
  const [session] = useState(() =>
    createLazyResponseSession({
      ...options,
      stores: { survey: stores.survey, global: stores.global },
      accessToken: () => stores.authorization.getState().accessToken,
      storage: (stores.storage as SafeStorage | null) ?? null,
    }),
  );
  useEffect(() => () => session.dispose(), [session]);
  // The server's snapshot is the session's own first state, the very object the browser's first read returns: a
  // different one, however equal, makes React re-render the whole survey synchronously as it finishes hydrating.
  const state = useSyncExternalStore(session.subscribe, session.state, session.state);
  return { session, state };
}
