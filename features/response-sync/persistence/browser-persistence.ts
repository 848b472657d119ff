import type { SurveyPersistence, SurveyPersistencePort } from '@/stores/survey-persistence-port';

import { createLocalPersistencePort } from './local-persistence-port';
import { createSafeStorage, getBrowserLocalStorage, getBrowserSessionStorage, type SafeStorage } from './safe-storage';

export interface BrowserPersistence extends SurveyPersistence {
  /** For the lifecycle service. */
  storage: SafeStorage;
  /** For the survey store's actions. */
  port: SurveyPersistencePort;
}

/**
 * For `<SurveyStoresProvider persistence={…}>`: one `localStorage` view shared by the store actions and the
 * lifecycle, so both see the same in-memory fallback when the browser refuses storage. Create it once per mounted
 * survey (`useState(createBrowserPersistence)`); it touches `localStorage` only on first use, so creating it
 * during server rendering is harmless.
 */
export function createBrowserPersistence(): BrowserPersistence {
  const storage = createSafeStorage(getBrowserLocalStorage);
  return {
    storage,
    port: createLocalPersistencePort(storage, undefined, createSafeStorage(getBrowserSessionStorage)),
  };
}
