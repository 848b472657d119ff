import { type Content, isPersistentKey, normalizeAnswer } from '@/lib/survey-format/content';
import type { FinishPolicy, OngoingResponse, ShuffleOrders, SurveyPosition } from '@/stores/survey-persistence-port';

import type { SafeStorage } from './safe-storage';
import { storageKeys } from './storage-keys';

/**
 * The browser persistence rules of spec §4, as pure functions over an injected storage. Every function that takes
 * `surveyCode` does nothing (or returns the empty value) without one: the spec saves "if a survey code exists".
 *
 * `storage` is a `SafeStorage`, so none of these throws when the browser refuses storage; the caller learns it
 * from `storage.isAvailable()`.
 */

export type SurveyCode = string | null | undefined;

const FLAG_TRUE = 'true';
const MS_PER_MINUTE = 60_000;

/*
 * Stored values are checked by hand rather than with zod: this module runs on every answer in the browser, and
 * zod would weigh on the survey page's first load for two small shapes.
 */

/** A stored map of lists, each item kept when `item` accepts it; `null` for anything else. */
function recordOfLists<T>(value: unknown, item: (entry: unknown) => entry is T): Record<string, T[]> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, T[]> = {};
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every(item)) return null;
    out[key] = list;
  }
  return out;
}

const isAnswerItem = (entry: unknown): entry is string | number | null =>
  typeof entry === 'string' || typeof entry === 'number' || entry === null;
const isNumber = (entry: unknown): entry is number => typeof entry === 'number' && Number.isFinite(entry);
const isString = (entry: unknown): entry is string => typeof entry === 'string';

function parseContent(value: unknown): Content | null {
  const lists = recordOfLists(value, isAnswerItem);
  if (!lists) return null;
  return Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, normalizeAnswer(list)]));
}

function readJson<T>(storage: SafeStorage, key: string, parse: (value: unknown) => T | null): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return parse(JSON.parse(raw));
  } catch {
    // Corrupt text (a half-written value, another app's key): treat as absent rather than break the survey.
    return null;
  }
}

function readNumber(storage: SafeStorage, key: string): number | null {
  const raw = storage.getItem(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function writeOrRemove(storage: SafeStorage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
}

/** Content as the UI may hand it over, before normalization. */
export type RawContent = Readonly<Record<string, ReadonlyArray<string | number | null | undefined>>>;

/** Every answer normalized as saved: a list that is empty or starts with an empty/null item becomes `[]`. */
export function normalizeContent(content: RawContent): Content {
  const out: Content = {};
  for (const [key, answer] of Object.entries(content)) out[key] = normalizeAnswer(answer);
  return out;
}

/**
 * The content of a new response: every answer emptied to `[]`, except custom-field and URL-parameter entries,
 * which describe the respondent rather than answer a question (spec §4).
 */
export function clearContentForNewResponse(content: Readonly<Content>): Content {
  const out: Content = {};
  for (const [key, answer] of Object.entries(content)) out[key] = isPersistentKey(key) ? [...answer] : [];
  return out;
}

// --- responses ---------------------------------------------------------------------------------------------

/** Setting an answer saves all responses (spec §4). */
export function saveResponses(storage: SafeStorage, surveyCode: SurveyCode, responses: RawContent): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.responses(surveyCode), JSON.stringify(normalizeContent(responses)));
}

export function loadResponses(storage: SafeStorage, surveyCode: SurveyCode): Content | null {
  if (!surveyCode) return null;
  return readJson(storage, storageKeys.responses(surveyCode), parseContent);
}

/** Answers given in this tab before its response opened, kept in `tabStorage` (`sessionStorage`) until it has. */
export function saveUnsaved(tabStorage: SafeStorage, surveyCode: SurveyCode, responses: RawContent): void {
  if (!surveyCode) return;
  tabStorage.setItem(storageKeys.unsaved(surveyCode), JSON.stringify(normalizeContent(responses)));
}

export function loadUnsaved(tabStorage: SafeStorage, surveyCode: SurveyCode): Content | null {
  if (!surveyCode) return null;
  return readJson(tabStorage, storageKeys.unsaved(surveyCode), parseContent);
}

export function removeUnsaved(tabStorage: SafeStorage, surveyCode: SurveyCode): void {
  if (surveyCode) tabStorage.removeItem(storageKeys.unsaved(surveyCode));
}

// --- response code, id, token, seq ------------------------------------------------------------------------------

/** Saves the response code if a survey code exists; `null` removes it. */
export function saveResponseCode(storage: SafeStorage, surveyCode: SurveyCode, responseCode: string | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.responseCode(surveyCode), responseCode);
}

export function loadResponseCode(storage: SafeStorage, surveyCode: SurveyCode): string | null {
  if (!surveyCode) return null;
  return storage.getItem(storageKeys.responseCode(surveyCode)) || null;
}

/** Saves the response id if a survey code exists; `null` removes it. */
export function saveResponseId(storage: SafeStorage, surveyCode: SurveyCode, responseId: number | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.responseId(surveyCode), responseId === null ? null : String(responseId));
}

export function loadResponseId(storage: SafeStorage, surveyCode: SurveyCode): number | null {
  if (!surveyCode) return null;
  return readNumber(storage, storageKeys.responseId(surveyCode));
}

/** Our addition: the response's write token. `null` removes it. */
export function saveResponseToken(storage: SafeStorage, surveyCode: SurveyCode, token: string | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.responseToken(surveyCode), token);
}

export function loadResponseToken(storage: SafeStorage, surveyCode: SurveyCode): string | null {
  if (!surveyCode) return null;
  return storage.getItem(storageKeys.responseToken(surveyCode)) || null;
}

/** Our addition: the current response's start date (storage-keys.ts). `null` removes it. */
export function saveStartDate(storage: SafeStorage, surveyCode: SurveyCode, startDate: string | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.startDate(surveyCode), startDate);
}

export function loadStartDate(storage: SafeStorage, surveyCode: SurveyCode): string | null {
  if (!surveyCode) return null;
  return storage.getItem(storageKeys.startDate(surveyCode)) || null;
}

/** Our addition: the last save `seq` of the current response. `null` removes it. */
export function saveSeq(storage: SafeStorage, surveyCode: SurveyCode, seq: number | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.seq(surveyCode), seq === null ? null : String(seq));
}

export function loadSeq(storage: SafeStorage, surveyCode: SurveyCode): number | null {
  if (!surveyCode) return null;
  return readNumber(storage, storageKeys.seq(surveyCode));
}

/** Our addition: the content this device last knew the server to hold (storage-keys.ts). `null` removes it. */
export function saveServerContent(storage: SafeStorage, surveyCode: SurveyCode, content: RawContent | null): void {
  if (!surveyCode) return;
  writeOrRemove(
    storage,
    storageKeys.serverContent(surveyCode),
    content === null ? null : JSON.stringify(normalizeContent(content)),
  );
}

export function loadServerContent(storage: SafeStorage, surveyCode: SurveyCode): Content | null {
  if (!surveyCode) return null;
  return readJson(storage, storageKeys.serverContent(surveyCode), parseContent);
}

/** Our addition: the local id of a response whose create call still waits in the outbox. `null` removes it. */
export function savePendingResponse(storage: SafeStorage, surveyCode: SurveyCode, localId: string | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.pendingResponse(surveyCode), localId);
}

export function loadPendingResponse(storage: SafeStorage, surveyCode: SurveyCode): string | null {
  if (!surveyCode) return null;
  return storage.getItem(storageKeys.pendingResponse(surveyCode)) || null;
}

/** Our addition: the `client_key` of the response being created. `null` removes it. */
export function saveClientKey(storage: SafeStorage, surveyCode: SurveyCode, clientKey: string | null): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.clientKey(surveyCode), clientKey);
}

export function loadClientKey(storage: SafeStorage, surveyCode: SurveyCode): string | null {
  if (!surveyCode) return null;
  return storage.getItem(storageKeys.clientKey(surveyCode)) || null;
}

/** Our addition: the alert ids queued for the current response (spec §4: once per alert id until reset). */
export function saveSentAlerts(storage: SafeStorage, surveyCode: SurveyCode, alertIds: readonly number[]): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.sentAlerts(surveyCode), JSON.stringify(alertIds));
}

export function loadSentAlerts(storage: SafeStorage, surveyCode: SurveyCode): number[] {
  if (!surveyCode) return [];
  const parsed = readJson(storage, storageKeys.sentAlerts(surveyCode), (value) =>
    Array.isArray(value) && value.every(isNumber) ? value : null,
  );
  return parsed ?? [];
}

/** Our addition: the names of the files picked for the current response, by upload key and by stored id. */
export function saveUploadNames(
  storage: SafeStorage,
  surveyCode: SurveyCode,
  names: Readonly<Record<string, string>>,
): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.uploadNames(surveyCode), JSON.stringify(names));
}

export function loadUploadNames(storage: SafeStorage, surveyCode: SurveyCode): Record<string, string> {
  if (!surveyCode) return {};
  const parsed = readJson(storage, storageKeys.uploadNames(surveyCode), (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isString)
      ? (value as Record<string, string>)
      : null,
  );
  return parsed ?? {};
}

// --- shuffle order and last time used -----------------------------------------------------------------------------

/** Sorted question order is saved if a survey code exists (spec §4). */
export function saveShuffleOrders(storage: SafeStorage, surveyCode: SurveyCode, orders: Readonly<ShuffleOrders>): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.shufflePages(surveyCode), JSON.stringify(orders));
}

export function loadShuffleOrders(storage: SafeStorage, surveyCode: SurveyCode): ShuffleOrders | null {
  if (!surveyCode) return null;
  return readJson(storage, storageKeys.shufflePages(surveyCode), (value) => recordOfLists(value, isNumber));
}

/** Last time used (ms since the epoch) is saved if a survey code exists (spec §4). */
export function saveLastTimeUsed(storage: SafeStorage, surveyCode: SurveyCode, time: number): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.lastTimeUsed(surveyCode), String(time));
}

export function loadLastTimeUsed(storage: SafeStorage, surveyCode: SurveyCode): number | null {
  if (!surveyCode) return null;
  return readNumber(storage, storageKeys.lastTimeUsed(surveyCode));
}

// --- position and gate ------------------------------------------------------------------------------------------

export function savePosition(storage: SafeStorage, surveyCode: SurveyCode, position: Readonly<SurveyPosition>): void {
  if (!surveyCode) return;
  storage.setItem(storageKeys.position(surveyCode), JSON.stringify(position));
}

function parsePosition(value: unknown): SurveyPosition | null {
  if (typeof value !== 'object' || value === null) return null;
  const { currentPageId, history } = value as { currentPageId?: unknown; history?: unknown };
  if (!isNumber(currentPageId) || !Array.isArray(history)) return null;
  return { currentPageId, history: history.filter(isNumber) };
}

export function loadPosition(storage: SafeStorage, surveyCode: SurveyCode): SurveyPosition | null {
  if (!surveyCode) return null;
  return readJson(storage, storageKeys.position(surveyCode), parsePosition);
}

/**
 * The gate passed in this browser: the backend's access token, or `true` for a password checked here, with the
 * custom fields the password repository gave (forgotten with the pass).
 */
export function saveGatePass(
  storage: SafeStorage,
  surveyCode: SurveyCode,
  pass: string | true | null,
  customFields: Readonly<Record<string, string>> | null = null,
): void {
  if (!surveyCode) return;
  writeOrRemove(storage, storageKeys.accessToken(surveyCode), typeof pass === 'string' ? pass : null);
  writeOrRemove(storage, storageKeys.passwordPassed(surveyCode), pass === true ? FLAG_TRUE : null);
  const fields = pass !== null && customFields && Object.keys(customFields).length > 0 ? customFields : null;
  writeOrRemove(storage, storageKeys.gateCustomFields(surveyCode), fields ? JSON.stringify(fields) : null);
}

function parseCustomFields(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function loadGateCustomFields(storage: SafeStorage, surveyCode: SurveyCode): Record<string, string> | null {
  if (!surveyCode) return null;
  return readJson(storage, storageKeys.gateCustomFields(surveyCode), parseCustomFields);
}

export function loadGatePass(storage: SafeStorage, surveyCode: SurveyCode): string | true | null {
  if (!surveyCode) return null;
  if (storage.getItem(storageKeys.passwordPassed(surveyCode)) === FLAG_TRUE) return true;
  return storage.getItem(storageKeys.accessToken(surveyCode)) || null;
}

/**
 * What this device kept of a response it has not finished: stored answers that belong to a response (created,
 * or whose create was sent). Answers without one are leftovers the next response starts without (spec §4).
 */
export function loadOngoing(storage: SafeStorage, surveyCode: SurveyCode): OngoingResponse | null {
  const stored = loadPersistedSurvey(storage, surveyCode);
  if (!stored.responses || !keepsResponse(stored)) return null;
  return {
    responseCode: stored.responseCode,
    responses: stored.responses,
    position: loadPosition(storage, surveyCode),
    shuffleOrders: stored.shuffleOrders,
    sentAlerts: loadSentAlerts(storage, surveyCode),
  };
}

// --- reset and finish ---------------------------------------------------------------------------------------------

/** Our keys that belong to one response and so go with its code. */
function removeResponseExtras(storage: SafeStorage, surveyCode: string): void {
  storage.removeItem(storageKeys.responseToken(surveyCode));
  storage.removeItem(storageKeys.seq(surveyCode));
  storage.removeItem(storageKeys.serverContent(surveyCode));
  storage.removeItem(storageKeys.startDate(surveyCode));
  storage.removeItem(storageKeys.pendingResponse(surveyCode));
  storage.removeItem(storageKeys.clientKey(surveyCode));
  storage.removeItem(storageKeys.sentAlerts(surveyCode));
  storage.removeItem(storageKeys.position(surveyCode));
  storage.removeItem(storageKeys.uploadNames(surveyCode));
}

/**
 * What the flow marks for the response on screen as it goes: its page, the alerts it sent, the names of its files.
 * Kept as stored, to be put back (`restoreResponseMarks`) when a reset must not take what this opening wrote.
 */
export type ResponseMarks = { position: string | null; sentAlerts: string | null; uploadNames: string | null };

export function loadResponseMarks(storage: SafeStorage, surveyCode: string): ResponseMarks {
  return {
    position: storage.getItem(storageKeys.position(surveyCode)),
    sentAlerts: storage.getItem(storageKeys.sentAlerts(surveyCode)),
    uploadNames: storage.getItem(storageKeys.uploadNames(surveyCode)),
  };
}

export function restoreResponseMarks(storage: SafeStorage, surveyCode: string, marks: ResponseMarks): void {
  writeOrRemove(storage, storageKeys.position(surveyCode), marks.position);
  writeOrRemove(storage, storageKeys.sentAlerts(surveyCode), marks.sentAlerts);
  writeOrRemove(storage, storageKeys.uploadNames(surveyCode), marks.uploadNames);
}

/** Removes what was marked for the response kept here, when another one opens in its place. */
export function clearResponseMarks(storage: SafeStorage, surveyCode: string): void {
  restoreResponseMarks(storage, surveyCode, { position: null, sentAlerts: null, uploadNames: null });
}

/** Whether this device keeps a response of the survey: created (its code) or whose create was sent. */
export function keepsResponse(stored: PersistedSurvey): boolean {
  return stored.responseCode !== null || stored.pendingResponse !== null;
}

/**
 * Resetting the response code removes stored responses, code, id, shuffle order and finished time (spec §4),
 * plus our per-response token, seq, start date, pending id, client key, sent alerts, position and file names.
 */
export function clearResponseCode(storage: SafeStorage, surveyCode: SurveyCode): void {
  if (!surveyCode) return;
  storage.removeItem(storageKeys.responses(surveyCode));
  storage.removeItem(storageKeys.responseCode(surveyCode));
  storage.removeItem(storageKeys.responseId(surveyCode));
  storage.removeItem(storageKeys.shufflePages(surveyCode));
  storage.removeItem(storageKeys.finishedTime(surveyCode));
  removeResponseExtras(storage, surveyCode);
}

function hasFinishWindow(policy: FinishPolicy): policy is FinishPolicy & { multiple_responses_time: number } {
  return (
    policy.multiple_responses &&
    typeof policy.multiple_responses_time === 'number' &&
    policy.multiple_responses_time > 0
  );
}

/**
 * Finishing (spec §4): with multiple responses and a `multiple_responses_time`, store the finished flag and the
 * finish time in ms; with multiple responses and no time, store nothing as finished; otherwise store the flag.
 * Finishing also clears stored responses, code and shuffle order (and our per-response keys). The
 * response id stays, as the spec lists it only for resetting.
 */
export function markFinished(storage: SafeStorage, surveyCode: SurveyCode, policy: FinishPolicy, now: number): void {
  if (!surveyCode) return;
  if (hasFinishWindow(policy)) {
    storage.setItem(storageKeys.finished(surveyCode), FLAG_TRUE);
    storage.setItem(storageKeys.finishedTime(surveyCode), String(now));
  } else if (!policy.multiple_responses) {
    storage.setItem(storageKeys.finished(surveyCode), FLAG_TRUE);
  }
  storage.removeItem(storageKeys.responses(surveyCode));
  storage.removeItem(storageKeys.responseCode(surveyCode));
  storage.removeItem(storageKeys.shufflePages(surveyCode));
  removeResponseExtras(storage, surveyCode);
}

/**
 * Whether this device already finished the survey: the finished flag is stored and, when multiple responses are
 * allowed with a time, the finish happened less than `multiple_responses_time` minutes before `now` (minutes is
 * the unit `lib/survey-format/share-config.ts` documents). With multiple
 * responses and no time a device is never "finished". A flag without a readable time under a time policy counts as
 * expired: blocking a respondent on a corrupt value is worse than allowing one more response.
 */
export function isFinishedOnDevice(
  storage: SafeStorage,
  surveyCode: SurveyCode,
  policy: FinishPolicy,
  now: number,
): boolean {
  if (!surveyCode) return false;
  if (storage.getItem(storageKeys.finished(surveyCode)) !== FLAG_TRUE) return false;
  if (!policy.multiple_responses) return true;
  if (!hasFinishWindow(policy)) return false;
  const finishedTime = readNumber(storage, storageKeys.finishedTime(surveyCode));
  if (finishedTime === null) return false;
  return now - finishedTime < policy.multiple_responses_time * MS_PER_MINUTE;
}

/** Everything stored for a survey, read once when a survey mounts. */
export interface PersistedSurvey {
  responses: Content | null;
  responseCode: string | null;
  responseId: number | null;
  responseToken: string | null;
  seq: number | null;
  serverContent: Content | null;
  startDate: string | null;
  pendingResponse: string | null;
  clientKey: string | null;
  shuffleOrders: ShuffleOrders | null;
  lastTimeUsed: number | null;
}

export function loadPersistedSurvey(storage: SafeStorage, surveyCode: SurveyCode): PersistedSurvey {
  return {
    responses: loadResponses(storage, surveyCode),
    responseCode: loadResponseCode(storage, surveyCode),
    responseId: loadResponseId(storage, surveyCode),
    responseToken: loadResponseToken(storage, surveyCode),
    seq: loadSeq(storage, surveyCode),
    serverContent: loadServerContent(storage, surveyCode),
    startDate: loadStartDate(storage, surveyCode),
    pendingResponse: loadPendingResponse(storage, surveyCode),
    clientKey: loadClientKey(storage, surveyCode),
    shuffleOrders: loadShuffleOrders(storage, surveyCode),
    lastTimeUsed: loadLastTimeUsed(storage, surveyCode),
  };
}
