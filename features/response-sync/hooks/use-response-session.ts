'use client';

import { useEffect, useState } from 'react';
import { getBrowserProgressBar } from '@/components/shell/progress-controller';
import { createLazySurveyApi } from '@/lib/api/lazy-survey-api';
import type { SurveyApi } from '@/lib/api/survey-api';
import type { Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import { useSurveyStores } from '@/stores/survey-stores-provider';
import { deviceFingerprint } from '../device-fingerprint';
import { connectAutosave, type Autosave } from '../lifecycle/autosave';
import { applyOpenResult, connectLifecycleEvents, connectOutboxStatus } from '../lifecycle/connect-stores';
import {
  createResponseLifecycle,
  type OpenResponseResult,
  type ResponseLifecycle,
} from '../lifecycle/response-lifecycle';
import { createBrowserConnectivity } from '../outbox/connectivity';
import { createOutbox } from '../outbox/outbox';
import { createSurveyApiSender } from '../outbox/survey-api-sender';
import { createMemoryStorage } from '../persistence/memory-storage';
import { createSafeStorage } from '../persistence/safe-storage';

export type ResponseSession =
  | { status: 'closed' }
  | { status: 'opening' }
  | { status: 'open'; result: OpenResponseResult; lifecycle: ResponseLifecycle; autosave: Autosave | null };

type SessionOptions = {
  survey: Survey;
  surveyCode: string;
  readOnly: boolean;
  api: SurveyApi;
  urlParams: Readonly<Record<string, string>>;
  customFields: Readonly<Record<string, string>>;
  resumeCode: string | null;
  /**
   * Opens the response once the survey can be answered (not behind the gate, not closed). Once open, the session
   * lives until the survey unmounts: finishing, the end screen and the timer's expiry still write through it.
   */
  enabled: boolean;
  /** Drops answers of hidden questions before they are sent. */
  prune: (content: Readonly<Content>) => Content;
};

/**
 * One API client per page, wired to the progress bar (spec §7: a failed request moves it to failed), loaded
 * once the page is interactive.
 */
export function useSurveyApi(apiBaseUrl: string): SurveyApi {
  const [api] = useState(() => {
    const bar = getBrowserProgressBar();
    return createLazySurveyApi({
      baseURL: apiBaseUrl,
      onRequestStart: () => bar.start(),
      onRequestEnd: (failed) => bar.done(failed),
    });
  });
  useEffect(() => {
    void api.preload().catch(() => undefined);
  }, [api]);
  return api;
}

/**
 * Opens the response once the survey can be answered — resumed, created, or kept in memory for a read-only
 * preview — and keeps it saved: the stores persist every answer first, the outbox sends it (retrying, surviving
 * reloads), autosave decides when. Runs once per mounted survey.
 */
export function useResponseSession(options: SessionOptions): ResponseSession {
  const stores = useSurveyStores();
  const [session, setSession] = useState<ResponseSession>({ status: 'closed' });
  const { enabled, survey, surveyCode, readOnly, api, urlParams, customFields, resumeCode, prune } = options;
  const [pruneRef] = useState(() => ({ current: prune }));
  const [started, setStarted] = useState(enabled);
  if (enabled && !started) setStarted(true);

  useEffect(() => {
    pruneRef.current = prune;
  }, [prune, pruneRef]);

  useEffect(() => {
    if (!started) return;
    let cancelled = false;
    const connectivity = createBrowserConnectivity();
    // Read-only preview writes nothing: a throwaway storage and outbox that nothing is ever queued in.
    const storage = readOnly || !stores.storage ? createSafeStorage(createMemoryStorage()) : stores.storage;
    const outbox = createOutbox({ sender: createSurveyApiSender(api), connectivity });
    const lifecycle = createResponseLifecycle({ surveyCode, api, storage, outbox, connectivity });
    const disconnects: Array<() => void> = [];
    let autosave: Autosave | null = null;
    if (!readOnly) {
      disconnects.push(connectOutboxStatus(outbox, stores.global), connectLifecycleEvents(lifecycle, stores));
      void outbox.start();
    }
    const fingerprint = readOnly ? '' : deviceFingerprint(storage);
    queueMicrotask(() => !cancelled && setSession({ status: 'opening' }));
    void lifecycle
      .openResponse({
        survey,
        mode: readOnly ? 'readOnly' : 'response',
        resumeCode,
        fingerprint,
        clientSignature: readOnly ? '' : `web:${fingerprint}`,
        urlParams,
        customFields,
        now: new Date(),
      })
      .then((result) => {
        if (cancelled) return;
        // Answers given while the response was opening (a slow network, or before hydration) win over the
        // opened content: the store started empty, so anything in it now was answered on this page.
        const answeredMeanwhile = Object.entries(stores.survey.getState().responses).filter(
          ([, answer]) => answer.length > 0,
        );
        applyOpenResult(stores.survey, result);
        for (const [key, answer] of answeredMeanwhile) stores.survey.getState().setAnswer(key, answer);
        if (result.kind === 'ready') {
          // Connected after the opened content is in the store, so it is not sent back as a change.
          autosave = connectAutosave(stores.survey, {
            saveAnswers: (content) => lifecycle.saveAnswers(pruneRef.current(content)),
          });
          // A resumed response may hold answers this device kept but never sent (the tab closed mid-save).
          if (result.resumed || answeredMeanwhile.length > 0) {
            void lifecycle.saveAnswers(pruneRef.current(stores.survey.getState().responses));
          }
        }
        setSession({ status: 'open', result, lifecycle, autosave });
      });
    return () => {
      cancelled = true;
      autosave?.dispose();
      for (const disconnect of disconnects) disconnect();
      lifecycle.dispose();
      outbox.stop();
    };
    // The survey, parameters and codes are fixed for a mounted survey; `started` is what starts the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started]);

  return session;
}
