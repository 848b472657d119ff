import type { SurveyPersistencePort } from '@/stores/survey-persistence-port';

import type { SafeStorage } from './safe-storage';
import {
  clearResponseCode,
  markFinished,
  saveLastTimeUsed,
  saveResponseCode,
  saveResponseId,
  saveResponses,
  saveResponseToken,
  saveShuffleOrders,
} from './survey-persistence';

/** The survey store's persistence port over a `SafeStorage` (`localStorage` in the app). */
export function createLocalPersistencePort(storage: SafeStorage): SurveyPersistencePort {
  return {
    saveResponses: (surveyCode, responses) => saveResponses(storage, surveyCode, responses),
    saveResponseCode: (surveyCode, responseCode) => saveResponseCode(storage, surveyCode, responseCode),
    saveResponseId: (surveyCode, responseId) => saveResponseId(storage, surveyCode, responseId),
    saveResponseToken: (surveyCode, token) => saveResponseToken(storage, surveyCode, token),
    saveShuffleOrders: (surveyCode, orders) => saveShuffleOrders(storage, surveyCode, orders),
    saveLastTimeUsed: (surveyCode, time) => saveLastTimeUsed(storage, surveyCode, time),
    clearResponseCode: (surveyCode) => clearResponseCode(storage, surveyCode),
    markFinished: (surveyCode, policy, now) => markFinished(storage, surveyCode, policy, now),
    isAvailable: () => storage.isAvailable(),
    subscribe: (listener) => storage.subscribe(listener),
  };
}
