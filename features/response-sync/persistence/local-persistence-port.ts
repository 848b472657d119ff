import { answeredQuestions, answersAnyQuestion, type Content } from '@/lib/survey-format/content';
import type { SurveyPersistencePort } from '@/stores/survey-persistence-port';

import { setRestoreHint } from '../respondent-cookies';
import type { SafeStorage } from './safe-storage';
import {
  clearResponseMarks,
  loadGateCustomFields,
  loadGatePass,
  loadOngoing,
  markFinished,
  saveGatePass,
  saveLastTimeUsed,
  savePosition,
  saveResponseCode,
  saveResponseId,
  saveResponses,
  saveResponseToken,
  saveSentAlerts,
  saveShuffleOrders,
  loadUnsaved,
  removeUnsaved,
  saveUnsaved,
} from './survey-persistence';

/**
 * The persistence port over a `SafeStorage` (`localStorage` in the app). Writes wait for `setWritable(true)` (this
 * tab holds the writer lock), so a second tab never overwrites what the first one keeps. Until the response is open
 * (`forgetUnsaved`), answers are also kept in `tabStorage` (`sessionStorage`: this tab's alone, and a reload keeps
 * it), from which a reloaded page takes them back (`loadUnsaved`). The restore hint cookie follows the stored
 * response: set once it holds an answer or a position, cleared when it is finished, reset or replaced.
 */
export function createLocalPersistencePort(
  storage: SafeStorage,
  restoreHint: (surveyCode: string, on: boolean) => void = setRestoreHint,
  tabStorage: SafeStorage | null = null,
): SurveyPersistencePort {
  let writable = false;
  // Written when it changes, not with every answer and page move: the cookie's write took 1 to 2 ms of each move at
  // 4× CPU in a profile of the 500-question walk.
  const hinted = new Map<string, boolean>();
  const hint = (surveyCode: string, on: boolean) => {
    if (hinted.get(surveyCode) === on) return;
    hinted.set(surveyCode, on);
    restoreHint(surveyCode, on);
  };
  const write =
    <A extends unknown[]>(action: (surveyCode: string, ...args: A) => void) =>
    (surveyCode: string | null, ...args: A): void => {
      if (writable && surveyCode) action(surveyCode, ...args);
    };
  // What an earlier load of this tab kept, read at this load's first write: a reloaded page starts without those
  // answers, and its own writes add to them, never drop them.
  let earlier: Content | null | undefined;
  let keepingInTab = tabStorage !== null;
  const keepUnsaved = (tab: SafeStorage, surveyCode: string, responses: Readonly<Content>) => {
    if (earlier === undefined) earlier = loadUnsaved(tab, surveyCode);
    saveUnsaved(tab, surveyCode, { ...earlier, ...answeredQuestions(responses) });
  };
  return {
    saveResponses(surveyCode, responses) {
      if (!surveyCode) return;
      if (writable) saveResponses(storage, surveyCode, responses);
      if (keepingInTab && tabStorage) keepUnsaved(tabStorage, surveyCode, responses);
      if ((writable || keepingInTab) && answersAnyQuestion(responses)) hint(surveyCode, true);
    },
    loadUnsaved: (surveyCode) => (tabStorage ? loadUnsaved(tabStorage, surveyCode) : null),
    forgetUnsaved(surveyCode) {
      keepingInTab = false;
      if (tabStorage) removeUnsaved(tabStorage, surveyCode);
    },
    saveResponseCode: write((surveyCode, responseCode: string | null) =>
      saveResponseCode(storage, surveyCode, responseCode),
    ),
    saveResponseId: write((surveyCode, responseId: number | null) => saveResponseId(storage, surveyCode, responseId)),
    saveResponseToken: write((surveyCode, token: string | null) => saveResponseToken(storage, surveyCode, token)),
    saveShuffleOrders: write((surveyCode, orders) => saveShuffleOrders(storage, surveyCode, orders)),
    saveLastTimeUsed: write((surveyCode, time: number) => saveLastTimeUsed(storage, surveyCode, time)),
    markFinished: write((surveyCode, policy, now: number) => {
      markFinished(storage, surveyCode, policy, now);
      hint(surveyCode, false);
    }),
    savePosition: write((surveyCode, position) => {
      savePosition(storage, surveyCode, position);
      hint(surveyCode, true);
    }),
    saveSentAlerts: write((surveyCode, alertIds: readonly number[]) => saveSentAlerts(storage, surveyCode, alertIds)),
    clearResponseMarks: write((surveyCode) => {
      clearResponseMarks(storage, surveyCode);
      hint(surveyCode, answersAnyQuestion(loadOngoing(storage, surveyCode)?.responses ?? {}));
    }),
    loadOngoing: (surveyCode) => loadOngoing(storage, surveyCode),
    // Passing the gate belongs to the browser, not to a response: any tab may remember it.
    saveGatePass: (surveyCode, pass, customFields) => saveGatePass(storage, surveyCode, pass, customFields),
    loadGatePass: (surveyCode) => loadGatePass(storage, surveyCode),
    loadGateCustomFields: (surveyCode) => loadGateCustomFields(storage, surveyCode),
    setWritable(next) {
      writable = next;
    },
    isAvailable: () => storage.isAvailable(),
    subscribe: (listener) => storage.subscribe(listener),
  };
}
