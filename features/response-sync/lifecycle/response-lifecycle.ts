import { type ErrorKey, isRetryable, toApiError } from '@/lib/api/errors';
import type { SurveyApi } from '@/lib/api/survey-api';
import type { Content } from '@/lib/survey-format/content';
import type { CreateResponseBody } from '@/lib/survey-format/response';
import type { ShareConfig } from '@/lib/survey-format/share-config';
import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';

import type { EnqueuedOp, Outbox } from '../outbox/outbox';
import type { ConnectivitySource, OutboxEvent, ResponseBinding } from '../outbox/outbox-types';
import type { SafeStorage } from '../persistence/safe-storage';
import {
  clearContentForNewResponse,
  clearResponseCode,
  isFinishedOnDevice,
  loadPersistedSurvey,
  markFinished,
  type PersistedSurvey,
  savePendingResponse,
  saveResponseCode,
  saveResponseId,
  saveResponses,
  saveResponseToken,
  saveSeq,
} from '../persistence/survey-persistence';

import { captureParams } from './capture-params';
import { formatIsoWithOffset } from './iso-date';

/**
 * The response lifecycle of spec §4 — open (resume or create), save, finish, expire — as a plain service over the
 * survey API, browser persistence and the outbox. One instance per mounted survey. No React: the UI calls it and
 * copies the results into the stores (see `connect-stores.ts`).
 *
 * Writes go through the outbox, so they survive offline periods and reloads. Reads (resume) go straight to the API.
 * Creating a response is tried directly when online, because its answer decides what the respondent sees (a 409 is
 * "already answered"); when offline, or when the server is unreachable or failing (network, 408, 429, 5xx), the
 * create waits in the outbox and the respondent answers a provisional response, which gets its code on reconnect.
 */

export type SurveyMode = 'response' | 'readOnly';

export interface OpenResponseInput {
  survey: Survey;
  mode: SurveyMode;
  /** A response code from an answer-later link; otherwise the one stored on this device is used. */
  resumeCode?: string | null;
  fingerprint: string;
  clientSignature: string;
  /** Query parameters of the survey URL, captured as `url_param:<name>`. */
  urlParams: Readonly<Record<string, string>>;
  /** Custom fields (for example from the password repository), captured as `custom_field:<name>`. */
  customFields: Readonly<Record<string, string>>;
  now: Date;
}

export type OpenResponseResult =
  | {
      kind: 'ready';
      /** `null` while the response is provisional (its create waits in the outbox). */
      responseCode: string | null;
      responseId: number | null;
      token: string | null;
      content: Content;
      startDate: string | null;
      provisional: boolean;
      /** An existing response was continued rather than a new one created. */
      resumed: boolean;
    }
  /** Preview: nothing is written anywhere; answers live in memory only. */
  | { kind: 'read_only'; content: Content; startDate: string }
  /** This device finished the survey and may not answer again (yet). */
  | { kind: 'finished_on_device' }
  /** The response of the link was already completed (spec §8 "already answered"). */
  | { kind: 'already_completed' }
  /** `message` is the survey's own error text (`config.error_message`), shown instead of the key's when set. */
  | { kind: 'error'; key: ErrorKey; message: Text | null };

export type FinishResult =
  { kind: 'finished' } | { kind: 'read_only' } | { kind: 'error'; key: ErrorKey; error: unknown };

export type LifecycleEvent =
  /** A provisional response reached the server: copy code, id and token into the survey store. */
  | { type: 'response_created'; binding: ResponseBinding }
  /** A provisional response could not be created (for example 409): show the error. */
  | { type: 'response_failed'; key: ErrorKey }
  /** The server confirmed the finish (possibly after a reload); this device is marked finished. */
  | { type: 'finished' };

export interface ResponseLifecycleDeps {
  surveyCode: string;
  api: Pick<SurveyApi, 'getResponse' | 'createResponse'>;
  storage: SafeStorage;
  outbox: Outbox;
  connectivity: ConnectivitySource;
  createLocalId?: () => string;
  /** Clock for finishes confirmed in the background. */
  now?: () => number;
}

export interface ResponseLifecycle {
  openResponse(input: OpenResponseInput): Promise<OpenResponseResult>;
  /** Queues the current answers (coalesced with any unsent save). `null` in read-only mode or before opening. */
  saveAnswers(content: Readonly<Content>): Promise<EnqueuedOp | null>;
  /** Queues the finish and resolves once the server confirmed it; redirect only after `finished`. */
  finishResponse(input: { content: Readonly<Content>; redirected?: boolean }): Promise<FinishResult>;
  markRedirected(): Promise<EnqueuedOp | null>;
  expirePartial(content: Readonly<Content>): Promise<EnqueuedOp | null>;
  expireEmpty(): Promise<EnqueuedOp | null>;
  setStartDate(startDate: Date): Promise<EnqueuedOp | null>;
  subscribe(listener: (event: LifecycleEvent) => void): () => void;
  /** Stops listening to the outbox (unmount). */
  dispose(): void;
}

interface Session {
  mode: SurveyMode;
  responseKey: string | null;
  clientSignature: string;
  shareConfig: ShareConfig;
}

const LOCAL_PREFIX = 'local:';

function defaultLocalId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${LOCAL_PREFIX}${random}`;
}

export function createResponseLifecycle(deps: ResponseLifecycleDeps): ResponseLifecycle {
  const { surveyCode, api, storage, outbox, connectivity } = deps;
  const createLocalId = deps.createLocalId ?? defaultLocalId;
  const now = deps.now ?? Date.now;
  const listeners = new Set<(event: LifecycleEvent) => void>();
  let session: Session | null = null;

  function emit(event: LifecycleEvent): void {
    for (const listener of [...listeners]) listener(event);
  }

  function persistBinding(binding: ResponseBinding): void {
    saveResponseCode(storage, surveyCode, binding.code);
    saveResponseId(storage, surveyCode, binding.id);
    saveResponseToken(storage, surveyCode, binding.token);
  }

  // Outbox events can arrive long after openResponse (reconnect, a reload that replays the queue).
  const unsubscribeOutbox = outbox.subscribe((event: OutboxEvent) => {
    if (event.type === 'created') {
      if (event.responseKey !== session?.responseKey) return;
      persistBinding(event.binding);
      savePendingResponse(storage, surveyCode, null);
      emit({ type: 'response_created', binding: event.binding });
    } else if (
      event.type === 'dropped' &&
      event.op.type === 'create' &&
      event.op.responseKey === session?.responseKey
    ) {
      savePendingResponse(storage, surveyCode, null);
      emit({ type: 'response_failed', key: createErrorKey(event.error) });
    } else if (
      event.type === 'sent' &&
      event.op.type === 'finish' &&
      session &&
      event.op.responseKey === session.responseKey
    ) {
      markFinished(storage, surveyCode, session.shareConfig, now());
      void outbox.forget(event.op.responseKey);
      emit({ type: 'finished' });
    }
  });

  function createErrorKey(error: unknown): ErrorKey {
    return toApiError(error).status === 409 ? 'system_messages_unique_responses' : 'unexpected_error';
  }

  /** A finish already queued durably counts as finished here, though the server has not confirmed it yet. */
  function settleQueuedFinish(stored: PersistedSurvey, shareConfig: ShareConfig): boolean {
    const key = stored.responseCode ?? stored.pendingResponse;
    if (!key || !outbox.pending().some((op) => op.type === 'finish' && op.responseKey === key)) return false;
    markFinished(storage, surveyCode, shareConfig, now());
    return true;
  }

  function readyFromBinding(
    binding: ResponseBinding,
    content: Content,
    startDate: string | null,
    resumed: boolean,
  ): OpenResponseResult {
    return {
      kind: 'ready',
      responseCode: binding.code,
      responseId: binding.id,
      token: binding.token,
      content,
      startDate,
      provisional: false,
      resumed,
    };
  }

  async function bindKnown(binding: ResponseBinding, content: Content, seqFloor: number | null): Promise<void> {
    persistBinding(binding);
    saveResponses(storage, surveyCode, content);
    savePendingResponse(storage, surveyCode, null);
    await outbox.bind(binding.code, binding, seqFloor);
  }

  async function createNew(input: OpenResponseInput, base: Content): Promise<OpenResponseResult> {
    const { survey } = input;
    clearResponseCode(storage, surveyCode);
    const content = captureParams(clearContentForNewResponse(base), input.customFields, input.urlParams);
    saveResponses(storage, surveyCode, content);
    const startDate = formatIsoWithOffset(input.now);
    const body: CreateResponseBody = {
      survey: survey.survey_id,
      fingerprint: input.fingerprint,
      client_signature: input.clientSignature,
      start_date: startDate,
      content,
    };

    if (connectivity.isOnline()) {
      try {
        const created = await api.createResponse(surveyCode, body);
        const binding: ResponseBinding = { code: created.code, id: created.id, token: created.token ?? null };
        await bindKnown(binding, content, null);
        session = { ...sessionBase(input), responseKey: binding.code };
        return readyFromBinding(binding, content, startDate, false);
      } catch (error) {
        if (!isRetryable(error)) {
          const key = createErrorKey(error);
          return { kind: 'error', key, message: key === 'unexpected_error' ? survey.config.error_message : null };
        }
        // Unreachable or failing server: continue provisionally, the outbox keeps trying.
      }
    }

    const localId = createLocalId();
    savePendingResponse(storage, surveyCode, localId);
    session = { ...sessionBase(input), responseKey: localId };
    await outbox.enqueue({ type: 'create', responseKey: localId, surveyCode, body });
    return {
      kind: 'ready',
      responseCode: null,
      responseId: null,
      token: null,
      content,
      startDate,
      provisional: true,
      resumed: false,
    };
  }

  function sessionBase(input: OpenResponseInput): Session {
    return {
      mode: input.mode,
      responseKey: null,
      clientSignature: input.clientSignature,
      shareConfig: effectiveShareConfig(input.survey),
    };
  }

  async function openResponse(input: OpenResponseInput): Promise<OpenResponseResult> {
    const { survey } = input;
    if (input.mode === 'readOnly') {
      session = sessionBase(input);
      // Starts clear on purpose: a preview must not show, nor touch, what this device answered for real.
      return {
        kind: 'read_only',
        content: captureParams({}, input.customFields, input.urlParams),
        startDate: formatIsoWithOffset(input.now),
      };
    }

    await outbox.start();
    const shareConfig = effectiveShareConfig(survey);
    let stored = loadPersistedSurvey(storage, surveyCode);
    if (settleQueuedFinish(stored, shareConfig)) stored = loadPersistedSurvey(storage, surveyCode);

    const explicitCode = input.resumeCode || survey.response_code || null;
    if (!explicitCode && isFinishedOnDevice(storage, surveyCode, shareConfig, input.now.getTime())) {
      return { kind: 'finished_on_device' };
    }

    const code = explicitCode ?? stored.responseCode;
    if (code) {
      const isStored = code === stored.responseCode;
      const storedToken = isStored ? stored.responseToken : null;
      try {
        const read = await api.getResponse(code, {
          token: storedToken,
          params: { survey: survey.survey_id, fingerprint: input.fingerprint, client_signature: input.clientSignature },
        });
        if (read.completed || read.response_is_completed === true) {
          if (isStored) {
            markFinished(storage, surveyCode, shareConfig, input.now.getTime());
            if (isFinishedOnDevice(storage, surveyCode, shareConfig, input.now.getTime())) {
              return { kind: 'finished_on_device' };
            }
            return createNew(input, stored.responses ?? {});
          }
          return { kind: 'already_completed' };
        }
        // This device writes its answers locally before sending them, so its copy is never older than the
        // server's for its own response; a link to another response starts from the server's content.
        const base = isStored && stored.responses ? stored.responses : read.content;
        const content = captureParams(base, input.customFields, input.urlParams);
        const binding: ResponseBinding = { code: read.code, id: read.id, token: read.token ?? storedToken };
        await bindKnown(binding, content, isStored ? stored.seq : null);
        session = { ...sessionBase(input), responseKey: binding.code };
        return readyFromBinding(binding, content, read.start_date, true);
      } catch (error) {
        // Offline with a response of this device: continue from the local copy; saves wait in the outbox.
        const apiError = toApiError(error);
        if (apiError.isNetwork && isStored && stored.responses && stored.responseId !== null) {
          const binding: ResponseBinding = { code, id: stored.responseId, token: storedToken };
          const content = captureParams(stored.responses, input.customFields, input.urlParams);
          await bindKnown(binding, content, stored.seq);
          session = { ...sessionBase(input), responseKey: code };
          return readyFromBinding(binding, content, null, true);
        }
        if (shareConfig.multiple_responses && survey.is_open) return createNew(input, stored.responses ?? {});
        return { kind: 'error', key: 'unexpected_error', message: null };
      }
    }

    // A response created offline on an earlier visit: continue it, whether or not its create has gone through.
    if (stored.pendingResponse) {
      const binding = outbox.getBinding(stored.pendingResponse);
      const content = captureParams(stored.responses ?? {}, input.customFields, input.urlParams);
      if (binding) {
        // Created after the page that queued it was closed; the outbox keeps the binding under the local id.
        persistBinding(binding);
        savePendingResponse(storage, surveyCode, null);
        saveResponses(storage, surveyCode, content);
        session = { ...sessionBase(input), responseKey: stored.pendingResponse };
        return readyFromBinding(binding, content, null, true);
      }
      const pendingKey = stored.pendingResponse;
      if (outbox.pending().some((op) => op.type === 'create' && op.responseKey === pendingKey)) {
        saveResponses(storage, surveyCode, content);
        session = { ...sessionBase(input), responseKey: pendingKey };
        return {
          kind: 'ready',
          responseCode: null,
          responseId: null,
          token: null,
          content,
          startDate: null,
          provisional: true,
          resumed: true,
        };
      }
    }

    return createNew(input, stored.responses ?? {});
  }

  /** Queues a write for the open response, unless read-only (spec §4: read-only blocks all writes). */
  async function enqueueWrite(
    build: (responseKey: string, current: Session) => Parameters<Outbox['enqueue']>[0],
  ): Promise<EnqueuedOp | null> {
    const current = session;
    if (!current || current.mode === 'readOnly' || !current.responseKey) return null;
    const enqueued = await outbox.enqueue(build(current.responseKey, current));
    // Mirrors the seq outside IndexedDB, so that neither losing IndexedDB nor resuming a once-provisional response
    // under its real code restarts the counter below what the server has already seen.
    if (enqueued.seq !== null) saveSeq(storage, surveyCode, enqueued.seq);
    return enqueued;
  }

  return {
    openResponse,
    saveAnswers: (content) => enqueueWrite((responseKey) => ({ type: 'save', responseKey, content: { ...content } })),
    async finishResponse({ content, redirected = false }) {
      if (!session || session.mode === 'readOnly') return { kind: 'read_only' };
      const enqueued = await enqueueWrite((responseKey, current) => ({
        type: 'finish',
        responseKey,
        content: { ...content },
        clientSignature: current.clientSignature,
        redirected,
      }));
      if (!enqueued) return { kind: 'error', key: 'unexpected_error', error: new Error('No response is open') };
      try {
        await enqueued.settled;
        return { kind: 'finished' };
      } catch (error) {
        return { kind: 'error', key: toApiError(error).key, error };
      }
    },
    markRedirected: () => enqueueWrite((responseKey) => ({ type: 'redirected', responseKey })),
    expirePartial: (content) =>
      enqueueWrite((responseKey) => ({ type: 'expire_partial', responseKey, content: { ...content } })),
    expireEmpty: () => enqueueWrite((responseKey) => ({ type: 'expire_empty', responseKey })),
    setStartDate: (startDate) =>
      enqueueWrite((responseKey) => ({ type: 'start_date', responseKey, startDate: formatIsoWithOffset(startDate) })),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      unsubscribeOutbox();
      listeners.clear();
    },
  };
}
