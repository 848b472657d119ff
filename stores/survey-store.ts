import { createStore, type StoreApi } from 'zustand/vanilla';

import { type Answer, type Content, normalizeAnswer } from '@/lib/survey-format/content';
import type { ShareConfig } from '@/lib/survey-format/share-config';

import type { ShuffleOrders, SurveyPersistencePort } from './survey-persistence-port';

/**
 * The respondent's answers and response identity for one survey (spec §3 "survey" store area). Every action that
 * changes something the spec persists writes it to browser storage at once (spec §4), before any network call,
 * so an answer survives a crash or a closed tab. Sending to the server is the lifecycle service's job.
 */
export interface SurveyState {
  surveyCode: string | null;
  shareConfig: ShareConfig;
  responses: Content;
  responseCode: string | null;
  responseId: number | null;
  responseToken: string | null;
  questionsSortedId: ShuffleOrders;
  lastTimeUsed: number | null;
  /** Set by `finish`; the thank-you and quiz screens still read `responses`, which stay in memory. */
  finished: boolean;

  /** Normalizes (a list that is empty or starts with an empty/null item becomes `[]`) and saves all responses. */
  setAnswer: (widgetId: number | string, answer: ReadonlyArray<string | number | null | undefined>) => void;
  /** Replaces all responses (a resumed or newly opened response) and saves them. */
  setResponses: (responses: Readonly<Content>) => void;
  setResponseCode: (responseCode: string | null) => void;
  setResponseId: (responseId: number | null) => void;
  setResponseToken: (token: string | null) => void;
  setQuestionsSortedId: (orders: Readonly<ShuffleOrders>) => void;
  /** When the respondent last answered here (ms since the epoch). */
  setLastTimeUsed: (time: number) => void;
  /** Marks the survey finished on this device per the share config and clears the stored response. */
  finish: (now: number) => void;
}

export interface SurveyStoreInit {
  surveyCode: string | null;
  shareConfig: ShareConfig;
  responses?: Content;
  responseCode?: string | null;
  responseId?: number | null;
  responseToken?: string | null;
  questionsSortedId?: ShuffleOrders;
  lastTimeUsed?: number | null;
  /** Where the persistence rules write. `null` writes nothing: read-only preview (spec §4 blocks all writes). */
  persistence: SurveyPersistencePort | null;
}

export type SurveyStore = StoreApi<SurveyState>;

export function createSurveyStore(init: SurveyStoreInit): SurveyStore {
  const { persistence } = init;

  return createStore<SurveyState>()((set, get) => {
    // Runs a persistence rule only when there is somewhere to write; the port itself checks the survey code.
    const persist = (write: (port: SurveyPersistencePort, surveyCode: string | null) => void): void => {
      if (persistence) write(persistence, get().surveyCode);
    };

    return {
      surveyCode: init.surveyCode,
      shareConfig: init.shareConfig,
      responses: init.responses ?? {},
      responseCode: init.responseCode ?? null,
      responseId: init.responseId ?? null,
      responseToken: init.responseToken ?? null,
      questionsSortedId: init.questionsSortedId ?? {},
      lastTimeUsed: init.lastTimeUsed ?? null,
      finished: false,

      setAnswer: (widgetId, answer) => {
        const normalized: Answer = normalizeAnswer(answer);
        set((state) => ({ responses: { ...state.responses, [String(widgetId)]: normalized } }));
        persist((port, code) => port.saveResponses(code, get().responses));
      },
      setResponses: (responses) => {
        set({ responses: { ...responses } });
        persist((port, code) => port.saveResponses(code, get().responses));
      },
      setResponseCode: (responseCode) => {
        set({ responseCode });
        persist((port, code) => port.saveResponseCode(code, responseCode));
      },
      setResponseId: (responseId) => {
        set({ responseId });
        persist((port, code) => port.saveResponseId(code, responseId));
      },
      setResponseToken: (responseToken) => {
        set({ responseToken });
        persist((port, code) => port.saveResponseToken(code, responseToken));
      },
      setQuestionsSortedId: (orders) => {
        set({ questionsSortedId: { ...orders } });
        persist((port, code) => port.saveShuffleOrders(code, get().questionsSortedId));
      },
      setLastTimeUsed: (time) => {
        set({ lastTimeUsed: time });
        persist((port, code) => port.saveLastTimeUsed(code, time));
      },
      finish: (now) => {
        set({ finished: true });
        persist((port, code) => port.markFinished(code, get().shareConfig, now));
      },
    };
  });
}

/**
 * The response's code once the store knows it (at once if it does), for an action that needs the response on the
 * server, such as the answer-later e-mail, asked for while the response is still being created. Read a microtask
 * after the code is set, so the id and token set with it are there too. Rejects after `timeoutMs` (offline, say).
 */
export function responseCreated(store: SurveyStore, timeoutMs: number): Promise<string> {
  const known = store.getState().responseCode;
  if (known !== null) return Promise.resolve(known);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('The response was not created in time.'));
    }, timeoutMs);
    const unsubscribe = store.subscribe(({ responseCode }) => {
      if (responseCode === null) return;
      clearTimeout(timer);
      unsubscribe();
      queueMicrotask(() => resolve(responseCode));
    });
  });
}
