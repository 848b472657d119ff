import type { GlobalStore, SaveState } from '@/stores/global-store';
import type { SurveyStore } from '@/stores/survey-store';

import type { Outbox } from '../outbox/outbox';
import type { OutboxStatus } from '../outbox/outbox-types';

import type { OpenResponseResult, ResponseLifecycle } from './response-lifecycle';

/**
 * Glue between the lifecycle/outbox services and the stores, so components only read stores. Each `connect*`
 * returns its disconnect function (call it on unmount).
 */

/** Copies an opened response into the survey store (which persists it per spec §4). */
export function applyOpenResult(survey: SurveyStore, result: OpenResponseResult): void {
  if (result.kind !== 'ready' && result.kind !== 'read_only') return;
  const state = survey.getState();
  state.setResponses(result.content);
  if (result.kind === 'ready') {
    state.setResponseCode(result.responseCode);
    state.setResponseId(result.responseId);
    state.setResponseToken(result.token);
  }
}

/**
 * The saved indicator: a refused change wins (the respondent must know), then offline with changes waiting, then
 * sending; `saved` once something was sent and nothing waits.
 */
export function deriveSaveState(status: OutboxStatus, sentSomething: boolean): SaveState {
  if (status.lastError !== null) return 'error';
  if (status.pendingCount > 0) return status.online ? 'saving' : 'offline';
  return sentSomething ? 'saved' : 'idle';
}

/**
 * Keeps `pendingSaves`, `saveState` and `storageAvailable` of the global store true to the outbox: an IndexedDB that
 * cannot be used means what waits would not survive a reload, which the respondent is told like a refused
 * localStorage.
 */
export function connectOutboxStatus(outbox: Outbox, global: GlobalStore): () => void {
  let sentSomething = false;
  const update = () => {
    const status = outbox.status();
    const state = global.getState();
    state.setPendingSaves(status.pendingCount);
    state.setSaveState(deriveSaveState(status, sentSomething));
  };
  update();
  return outbox.subscribe((event) => {
    if (event.type === 'sent') sentSomething = true;
    if (event.type === 'not_durable') global.getState().setStorageAvailable(false);
    update();
  });
}

/**
 * Copies what happens to the response in the background into the survey store: a provisional response's
 * binding once it is created, another device's answers once taken in, and the finished flag once the server
 * confirmed a finish (possibly after a reload).
 * What changes the screen (a refused create, a response finished elsewhere) is the flow's to decide.
 */
export function connectLifecycleEvents(
  lifecycle: ResponseLifecycle,
  survey: SurveyStore,
  now: () => number = Date.now,
): () => void {
  return lifecycle.subscribe((event) => {
    const state = survey.getState();
    if (event.type === 'response_created') {
      state.setResponseCode(event.binding.code);
      state.setResponseId(event.binding.id);
      state.setResponseToken(event.binding.token);
    } else if (event.type === 'merged') {
      // Another device's answers, taken in: the screen shows them.
      state.setResponses(event.content);
    } else if (event.type === 'finished' && !state.finished) {
      // Idempotent with the lifecycle's own marking; sets the in-memory `finished` flag.
      state.finish(now());
    }
  });
}
