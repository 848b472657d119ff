import type { Content } from '@/lib/survey-format/content';

/**
 * What the stores and the flow need from browser persistence (spec §4). They depend only on this port, which owns
 * every storage key; the implementation over `localStorage` lives in `features/response-sync/persistence/` and is
 * handed to the provider, which keeps `stores/` free of feature imports and lets tests record calls.
 *
 * Every method does nothing (or returns the empty value) without a survey code ("if a survey code exists") and
 * never throws: a browser that refuses storage turns `isAvailable()` false instead. Writes are held back until
 * `setWritable(true)`: only the tab holding the survey's writer lock writes (the product spec's sync-protocol.md, invariant 4);
 * until the response is open, answers are also kept for this tab alone (`loadUnsaved`).
 */
export interface SurveyPersistencePort {
  saveResponses(surveyCode: string | null, responses: Readonly<Content>): void;
  saveResponseCode(surveyCode: string | null, responseCode: string | null): void;
  saveResponseId(surveyCode: string | null, responseId: number | null): void;
  saveResponseToken(surveyCode: string | null, token: string | null): void;
  saveShuffleOrders(surveyCode: string | null, orders: Readonly<ShuffleOrders>): void;
  saveLastTimeUsed(surveyCode: string | null, time: number): void;
  /** Stores "finished" per the share config and clears the stored response. */
  markFinished(surveyCode: string | null, policy: FinishPolicy, now: number): void;
  /** The page the respondent is on and the pages behind it, so a reload continues there. */
  savePosition(surveyCode: string | null, position: Readonly<SurveyPosition>): void;
  /** Alert ids already queued for the current response (spec §4: once per alert id until reset). */
  saveSentAlerts(surveyCode: string | null, alertIds: readonly number[]): void;
  /**
   * A new response took the place of the kept one on screen: what was marked for that one (its page, its alerts,
   * its files' names) goes, and a reload restores nothing before its first paint until the new one holds an answer.
   */
  clearResponseMarks(surveyCode: string | null): void;
  /** What this device kept of a response it has not finished, or `null`. */
  loadOngoing(surveyCode: string | null): OngoingResponse | null;
  /**
   * The answers this tab gave before its response opened, kept for the tab alone (`saveResponses` keeps them until
   * `forgetUnsaved`), so that a reload meanwhile takes them back. `null` when there are none.
   */
  loadUnsaved(surveyCode: string | null): Content | null;
  /** The response is open and holds them: the tab stops keeping answers of its own. */
  forgetUnsaved(surveyCode: string | null): void;
  /**
   * The password gate passed in this browser: the backend's access token, or `true` for a browser-checked one, with
   * the custom fields the password repository gave (spec §5).
   */
  saveGatePass(
    surveyCode: string | null,
    pass: string | true | null,
    customFields?: Readonly<Record<string, string>> | null,
  ): void;
  loadGatePass(surveyCode: string | null): string | true | null;
  loadGateCustomFields(surveyCode: string | null): Record<string, string> | null;
  /** Whether this tab may write (it holds the writer lock). */
  setWritable(writable: boolean): void;
  /** `false` once the browser refused storage: answers are not kept on this device. */
  isAvailable(): boolean;
  /** Called when availability turns false. Returns the unsubscribe function. */
  subscribe(listener: (available: boolean) => void): () => void;
}

/** Shuffle orders, by a scope the shuffling code chooses (for example `pages`, `page:3`). */
export type ShuffleOrders = Record<string, number[]>;

export interface SurveyPosition {
  currentPageId: number;
  history: readonly number[];
}

export interface OngoingResponse {
  /** The response's code; `null` while its create waits in the outbox. */
  responseCode: string | null;
  responses: Content;
  position: SurveyPosition | null;
  shuffleOrders: ShuffleOrders | null;
  sentAlerts: number[];
}

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
 * The key-value storage behind the port (a fault-tolerant `localStorage` view), which the response session also
 * reads and writes. Declared here structurally so `stores/` does not import features; `SafeStorage` matches it.
 */
export interface PersistentStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  isAvailable(): boolean;
  subscribe(listener: (available: boolean) => void): () => void;
}

/** What the provider receives: the port for the store actions and the flow, and the storage for services. */
export interface SurveyPersistence {
  port: SurveyPersistencePort;
  storage: PersistentStorage;
}
