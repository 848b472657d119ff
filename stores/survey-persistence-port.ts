import type { Content } from '@/lib/survey-format/content';

/**
 * What the survey store needs from browser persistence (spec §4). The store depends only on this port; the
 * implementation over `localStorage` lives in `features/survey-flow/persistence/` and is handed to the provider,
 * which keeps `stores/` free of feature imports and lets tests record calls.
 *
 * Every method does nothing without a survey code ("if a survey code exists") and never throws: a browser that
 * refuses storage turns `isAvailable()` false instead.
 */
export interface SurveyPersistencePort {
  saveResponses(surveyCode: string | null, responses: Readonly<Content>): void;
  saveResponseCode(surveyCode: string | null, responseCode: string | null): void;
  saveResponseId(surveyCode: string | null, responseId: number | null): void;
  saveResponseToken(surveyCode: string | null, token: string | null): void;
  saveShuffleOrders(surveyCode: string | null, orders: Readonly<ShuffleOrders>): void;
  saveLastTimeUsed(surveyCode: string | null, time: number): void;
  /** Removes stored responses, code, id, shuffle order and finished time. */
  clearResponseCode(surveyCode: string | null): void;
  /** Stores "finished" per the share config and clears the stored response. */
  markFinished(surveyCode: string | null, policy: FinishPolicy, now: number): void;
  /** `false` once the browser refused storage: answers are not kept on this device. */
  isAvailable(): boolean;
  /** Called when availability turns false. Returns the unsubscribe function. */
  subscribe(listener: (available: boolean) => void): () => void;
}

/** Shuffle orders, by a scope the shuffling code chooses (for example `pages`, `page:3`, `widget:101`). */
export type ShuffleOrders = Record<string, number[]>;

/** The two share-config fields that decide what "finished on this device" means. */
export interface FinishPolicy {
  multiple_responses: boolean;
  /**
   * Minutes after a finish during which this device counts as finished when multiple responses are allowed
   * (the unit `lib/survey-format/share-config.ts` documents).
   */
  multiple_responses_time?: number | null;
}

/**
 * The key-value storage behind the port (a fault-tolerant `localStorage` view), which the lifecycle service also
 * reads and writes. Declared here structurally so `stores/` does not import features; `SafeStorage` matches it.
 */
export interface PersistentStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  isAvailable(): boolean;
  subscribe(listener: (available: boolean) => void): () => void;
}

/** What the provider receives: the port for the store actions and the storage for services. */
export interface SurveyPersistence {
  port: SurveyPersistencePort;
  storage: PersistentStorage;
}
