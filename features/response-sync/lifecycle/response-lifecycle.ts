import { ApiError, type ErrorKey, isRetryable, toApiError } from '@/lib/api/errors';
import type { SurveyApi } from '@/lib/api/survey-api';
import { type Content, sameAnswer } from '@/lib/survey-format/content';
import {
  type AlertQueueBody,
  type CreateResponseBody,
  type EmailQueueBody,
  RESPONSE_EXPIRED,
} from '@/lib/survey-format/response';
import type { ShareConfig } from '@/lib/survey-format/share-config';
import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import type { CloseReason, Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';

import { type EnqueuedOp, isCompletedElsewhere, isResponseExpired, type Outbox } from '../outbox/outbox';
import type { ConnectivitySource, KeepaliveSave, OutboxEvent, ResponseBinding } from '../outbox/outbox-types';
import { localUploadRef, resolveUploadRefs, uploadKeyOf } from '../outbox/upload-ref';
import { randomKey } from '../random-key';
import type { SafeStorage } from '../persistence/safe-storage';
import {
  clearContentForNewResponse,
  clearResponseCode,
  isFinishedOnDevice,
  loadPendingResponse,
  loadPersistedSurvey,
  loadResponseCode,
  loadResponses,
  loadUploadNames,
  markFinished,
  type PersistedSurvey,
  saveClientKey,
  savePendingResponse,
  saveResponseCode,
  saveResponseId,
  saveResponses,
  saveResponseToken,
  saveSeq,
  saveServerContent,
  saveStartDate,
  clearResponseMarks,
  keepsResponse,
  loadResponseMarks,
  loadServerContent,
  loadStartDate,
  restoreResponseMarks,
  saveUploadNames,
} from '../persistence/survey-persistence';

import { captureParams } from './capture-params';
import { mergeOtherDeviceSaves } from './merge-content';
import { formatIsoWithOffset } from '@/lib/survey-format/iso-date';

/**
 * The response lifecycle of spec §4 — open (resume or create), save, finish, expire — and its side effects
 * (uploads, alerts, the response e-mail), as a plain service over the survey API, browser persistence and the
 * outbox. One instance per mounted survey. No React: the flow calls it and copies the results into the stores.
 *
 * Writes go through the outbox, so they survive offline periods and reloads, and each is idempotent on the server.
 * Reads (resume) go straight to the API. Creating a response is tried directly when online, because its answer
 * decides what the respondent sees (a 409 is "already answered"); when offline, or when the server is unreachable
 * or failing, the same create (same `client_key`) waits in the outbox and the respondent answers a provisional
 * response, which gets its code on reconnect. A create whose answer was lost is replayed with its key, and the
 * server answers the response it already made: one response per attempt, however often it is delivered. A file
 * picked while the create is on the wire waits in the outbox under the response's local id, which the outbox holds
 * (also across a reload, until the create is replayed) and the create's answer binds.
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
  /** The survey closed since the page was served (its author, its maximum of responses, its end date). */
  | { kind: 'closed'; reason: CloseReason }
  /** The response's time ran out (the server holds it marked expired): it takes no more answers. */
  | { kind: 'expired' }
  /** `message` is the survey's own error text (`config.error_message`), shown instead of the key's when set. */
  | { kind: 'error'; key: ErrorKey; message: Text | null };

export type FinishResult =
  | { kind: 'finished' }
  | { kind: 'read_only' }
  /** The server refused the finish because the response was finished elsewhere (another device or tab). */
  | { kind: 'completed_elsewhere' }
  /** Not confirmed within the patience asked for: the finish still waits in the outbox, durably. */
  | { kind: 'pending' }
  /** The server refused the finish because the survey closed meanwhile. */
  | { kind: 'closed'; reason: CloseReason }
  /** The server refused the finish because the response's time ran out (another device's timer came first). */
  | { kind: 'expired' }
  | { kind: 'error'; key: ErrorKey; error: unknown };

export type LifecycleEvent =
  /** A provisional response reached the server: copy code, id and token into the survey store. */
  | { type: 'response_created'; binding: ResponseBinding }
  /** A provisional response could not be created (for example 409): show the error, as `openResponse` would. */
  | { type: 'response_failed'; key: ErrorKey; message: Text | null }
  /** A write was refused because the survey closed since the page was served. */
  | { type: 'survey_closed'; reason: CloseReason }
  /** The server confirmed the finish (possibly after a reload); this device is marked finished. */
  | { type: 'finished' }
  /** A write was refused because the response is finished elsewhere. */
  | { type: 'completed_elsewhere' }
  /** A write was refused, or a read found, that the response's time ran out (another device's timer came first). */
  | { type: 'response_expired' }
  /** A file the answer refers to as `localUploadRef(uploadKey)` is stored under the server's `id`. */
  | { type: 'upload_stored'; uploadKey: string; questionId: number; id: string }
  /** A file was refused for good: the answer must let go of its local reference. */
  | { type: 'upload_failed'; uploadKey: string; questionId: number }
  /** Another device saved answers since: this device's copy now holds them too (`rebase`). */
  | { type: 'merged'; content: Content };

export interface ResponseLifecycleDeps {
  surveyCode: string;
  api: Pick<SurveyApi, 'getResponse' | 'createResponse'>;
  storage: SafeStorage;
  outbox: Outbox;
  connectivity: ConnectivitySource;
  createLocalId?: () => string;
  /** The `client_key` of a new response; random by default. */
  createClientKey?: () => string;
  /** Clock for finishes confirmed in the background. */
  now?: () => number;
  /** Waits before a failed read of a link's response is tried again (`LINK_READ_RETRIES_MS`). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * A link's response (not one this device keeps) whose read fails for now (offline, 5xx, 429) is read again after
 * these waits before the spec's rule applies (§4: a new response when the survey takes several): a new response for a
 * passing fault would leave the link's answers behind, and a reload then would leave the new one's.
 */
export const LINK_READ_RETRIES_MS = [500, 1_500] as const;
/** The longest a `Retry-After` may hold such a read back. */
const LINK_READ_LONGEST_WAIT_MS = 3_000;

/** What a file answer shows of a value: its name and where it is on its way to the server. */
export interface UploadDescription {
  name: string;
  state: 'pending' | 'stored';
}

export interface ResponseLifecycle {
  openResponse(input: OpenResponseInput): Promise<OpenResponseResult>;
  /** Queues the current answers (coalesced with any unsent save). `null` in read-only mode or before opening. */
  saveAnswers(content: Readonly<Content>): Promise<EnqueuedOp | null>;
  /**
   * Queues the finish, and after it the response e-mail when there is one: both wait in the outbox together, so a
   * reload while offline sends both, and leaving for an end URL waits for both (or hands both to keepalive).
   * Resolves once the server confirmed the finish, or with `pending` after `patienceMs` (a respondent leaving for an
   * end URL waits a bounded time).
   */
  finishResponse(input: {
    content: Readonly<Content>;
    redirected?: boolean;
    email?: Omit<EmailQueueBody, 'client_key'> | null;
    patienceMs?: number;
  }): Promise<FinishResult>;
  expirePartial(content: Readonly<Content>): Promise<EnqueuedOp | null>;
  expireEmpty(): Promise<EnqueuedOp | null>;
  /**
   * Keeps a picked file in IndexedDB and queues its upload; resolves with the value the answer holds meanwhile
   * (a local reference). In read-only mode the file stays in memory and nothing is sent.
   */
  queueUpload(input: { questionId: number; file: Blob; fileName: string }): Promise<string>;
  /**
   * Resolves once this page sends a response's create: from then on, before the response is open, a file is queued
   * under the response's local id (so it survives a reload while the create is on the wire).
   */
  createStarted(): Promise<void>;
  describeUpload(value: string): UploadDescription | null;
  queueAlert(alert: AlertQueueBody): Promise<EnqueuedOp | null>;
  /** The latest answers as a keepalive PATCH for `pagehide`; `null` when there is nothing bound to send to. */
  keepaliveSave(content: Readonly<Content>): KeepaliveSave | null;
  /**
   * For the outbox: a save of `responseKey` the server refused as behind in seq, another device having saved since.
   * Reads what the server holds and returns it with what this device changed since it last knew the server's
   * content over it; this device's copy takes the other device's answers too (`merged`).
   */
  rebase(content: Readonly<Content>, responseKey: string): Promise<Content>;
  subscribe(listener: (event: LifecycleEvent) => void): () => void;
  /** Stops listening to the outbox (unmount). */
  dispose(): void;
}

interface Session {
  mode: SurveyMode;
  responseKey: string | null;
  /** The local id of a response created directly and known by its code: what was queued under it is its too. */
  localId: string | null;
  fingerprint: string;
  clientSignature: string;
  shareConfig: ShareConfig;
  surveyId: number;
  /** The survey's own error text (`config.error_message`), shown instead of the catalogue's unexpected error. */
  errorMessage: Text | null;
}

const LOCAL_PREFIX = 'local:';

export function createResponseLifecycle(deps: ResponseLifecycleDeps): ResponseLifecycle {
  const { surveyCode, api, storage, outbox, connectivity } = deps;
  const createLocalId = deps.createLocalId ?? (() => `${LOCAL_PREFIX}${randomKey()}`);
  const createClientKey = deps.createClientKey ?? randomKey;
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const listeners = new Set<(event: LifecycleEvent) => void>();
  /** File names by upload key and by stored id, kept with the response so that a reload still shows them. */
  const pickedFiles = new Map<string, string>(Object.entries(loadUploadNames(storage, surveyCode)));
  function namePickedFile(key: string, fileName: string): void {
    pickedFiles.set(key, fileName);
    // A preview writes nothing anywhere.
    if (session?.mode !== 'readOnly') saveUploadNames(storage, surveyCode, Object.fromEntries(pickedFiles));
  }
  let session: Session | null = null;
  /** The response whose create this page has on the wire, keyed by its local id until the create returns. */
  let beingCreated: Session | null = null;
  let announceCreate: () => void = () => {};
  const createStarted = new Promise<void>((resolve) => {
    announceCreate = resolve;
  });
  function emit(event: LifecycleEvent): void {
    for (const listener of [...listeners]) listener(event);
  }

  function persistBinding(binding: ResponseBinding): void {
    saveResponseCode(storage, surveyCode, binding.code);
    saveResponseId(storage, surveyCode, binding.id);
    saveResponseToken(storage, surveyCode, binding.token);
  }

  function ownsOp(responseKey: string): boolean {
    const current = session ?? beingCreated;
    return current !== null && (responseKey === current.responseKey || responseKey === current.localId);
  }

  /** The response this device keeps, also before a reload has opened it again (its queue is replayed first). */
  function isThisDevicesResponse(responseKey: string): boolean {
    return ownsOp(responseKey) || outbox.getBinding(responseKey)?.code === loadResponseCode(storage, surveyCode);
  }

  // Outbox events can arrive long after openResponse (reconnect, a reload that replays the queue).
  const unsubscribeOutbox = outbox.subscribe((event: OutboxEvent) => {
    if (event.type === 'created') {
      if (!ownsOp(event.responseKey)) return;
      persistBinding(event.binding);
      savePendingResponse(storage, surveyCode, null);
      saveClientKey(storage, surveyCode, null);
      emit({ type: 'response_created', binding: event.binding });
    } else if (event.type === 'completed_elsewhere') {
      if (ownsOp(event.responseKey)) emit({ type: 'completed_elsewhere' });
    } else if (event.type === 'sent' && isThisDevicesResponse(event.op.responseKey)) {
      // What the server now holds, as this device knows it: the base of a merge if another device saves later.
      if (event.op.type === 'save' || event.op.type === 'expire_partial') {
        saveServerContent(storage, surveyCode, event.op.content);
      } else if (event.op.type === 'create') {
        saveServerContent(storage, surveyCode, event.op.body.content ?? {});
      }
    }
    if (event.type === 'sent' && ownsOp(event.op.responseKey)) {
      if (event.op.type === 'finish' && session) {
        markFinished(storage, surveyCode, session.shareConfig, now());
        void outbox.forget(event.op.responseKey);
        emit({ type: 'finished' });
      } else if (event.op.type === 'email') {
        // The response e-mail goes only with a finish, after it: the response's last write.
        void outbox.forget(event.op.responseKey);
      } else if (event.op.type === 'upload' && event.result.type === 'upload') {
        const { uploadKey, questionId, fileName } = event.op;
        namePickedFile(event.result.upload.id, fileName);
        emit({ type: 'upload_stored', uploadKey, questionId, id: event.result.upload.id });
      }
    } else if (event.type === 'dropped' && ownsOp(event.op.responseKey)) {
      const { closeReason } = toApiError(event.error);
      if (event.op.type === 'create') {
        savePendingResponse(storage, surveyCode, null);
        saveClientKey(storage, surveyCode, null);
        if (!closeReason)
          emit({ type: 'response_failed', ...createFailure(event.error, session?.errorMessage ?? null) });
      }
      if (closeReason) emit({ type: 'survey_closed', reason: closeReason });
      else if (isResponseExpired(event.error)) emit({ type: 'response_expired' });
      else if (event.op.type === 'upload') {
        emit({ type: 'upload_failed', uploadKey: event.op.uploadKey, questionId: event.op.questionId });
      }
    }
  });

  /** Spec §4: a create that failed gives the unique-responses message on 409, else the configured error message. */
  function createFailure(error: unknown, errorMessage: Text | null): { key: ErrorKey; message: Text | null } {
    const key: ErrorKey = toApiError(error).status === 409 ? 'system_messages_unique_responses' : 'unexpected_error';
    return { key, message: key === 'unexpected_error' ? errorMessage : null };
  }

  /** A finish already queued durably counts as finished here, though the server has not confirmed it yet. */
  function settleQueuedFinish(stored: PersistedSurvey, shareConfig: ShareConfig): boolean {
    const key = stored.responseCode ?? stored.pendingResponse;
    if (!key || !outbox.pending().some((op) => op.type === 'finish' && op.responseKey === key)) return false;
    markFinished(storage, surveyCode, shareConfig, now());
    return true;
  }

  function ready(
    binding: ResponseBinding | null,
    content: Content,
    startDate: string | null,
    resumed: boolean,
  ): OpenResponseResult {
    return {
      kind: 'ready',
      responseCode: binding?.code ?? null,
      responseId: binding?.id ?? null,
      token: binding?.token ?? null,
      content,
      startDate,
      provisional: binding === null,
      resumed,
    };
  }

  function sessionOf(input: OpenResponseInput, responseKey: string | null, localId: string | null = null): Session {
    return {
      mode: input.mode,
      responseKey,
      localId,
      fingerprint: input.fingerprint,
      clientSignature: input.clientSignature,
      shareConfig: effectiveShareConfig(input.survey),
      surveyId: input.survey.survey_id,
      errorMessage: input.survey.config.error_message,
    };
  }

  function begin(input: OpenResponseInput, responseKey: string | null, localId: string | null = null): void {
    session = sessionOf(input, responseKey, localId);
  }

  /**
   * `content`, decided from what was stored before a request, with the answers stored since on top: the survey
   * store writes every answer as it is given, and the respondent goes on answering while a create or a read is
   * out. Written over them, those answers would be gone after a reload in the moment before the store writes again.
   */
  function withAnswersSince(content: Content, before: Content | null): Content {
    const latest = loadResponses(storage, surveyCode) ?? {};
    const changed = Object.entries(latest).filter(([key, answer]) => !sameAnswer(before?.[key], answer));
    return changed.length === 0 ? content : { ...content, ...Object.fromEntries(changed) };
  }

  /**
   * The content a known response opens with, from `base`, stored; `before` is what was stored before its read.
   * `readCustomFields` are the ones the server holds for the response (an owner's distribution names its
   * respondents there); those given on this visit are newer and win.
   */
  function storeOpened(
    input: OpenResponseInput,
    base: Content,
    before: Content | null,
    readCustomFields: Readonly<Record<string, string>> = {},
  ): Content {
    const withRead = captureParams(base, readCustomFields, {});
    const content = withAnswersSince(captureParams(withRead, input.customFields, input.urlParams), before);
    saveResponses(storage, surveyCode, content);
    return content;
  }

  /** Binds a known response; its content is stored by the caller, before the request it came from. */
  async function bindKnown(binding: ResponseBinding, seqFloor: number | null): Promise<void> {
    persistBinding(binding);
    savePendingResponse(storage, surveyCode, null);
    saveClientKey(storage, surveyCode, null);
    await outbox.bind(binding.code, binding, seqFloor);
  }

  /**
   * Creates the response of one attempt, named by its `client_key`. The key and the local id are stored before
   * the first request leaves, so a page closed while the request was under way replays the same create.
   */
  async function create(
    input: OpenResponseInput,
    content: Content,
    attempt: { localId: string; clientKey: string },
    resumed: boolean,
  ): Promise<OpenResponseResult> {
    const { survey } = input;
    saveResponses(storage, surveyCode, content);
    savePendingResponse(storage, surveyCode, attempt.localId);
    saveClientKey(storage, surveyCode, attempt.clientKey);
    // A create replayed (the page closed while it was on the wire) names the response it began, started then.
    const startDate = (resumed ? loadStartDate(storage, surveyCode) : null) ?? formatIsoWithOffset(input.now);
    saveStartDate(storage, surveyCode, startDate);
    const body: CreateResponseBody = {
      survey: survey.survey_id,
      fingerprint: input.fingerprint,
      client_signature: input.clientSignature,
      start_date: startDate,
      // A file picked before the response existed has no id yet (a reload replays such a create): the save after
      // its upload names it.
      content: resolveUploadRefs(content, () => null),
      client_key: attempt.clientKey,
    };

    // A file picked while the create is on the wire waits in the outbox under the local id.
    beingCreated = sessionOf(input, attempt.localId);
    outbox.holdForCreate(attempt.localId);
    announceCreate();
    try {
      if (connectivity.isOnline()) {
        try {
          const created = await api.createResponse(surveyCode, body);
          const binding: ResponseBinding = { code: created.code, id: created.id, token: created.token ?? null };
          // Before the pending create is cleared from storage: a reload in between still finds what waits.
          await outbox.bind(attempt.localId, binding);
          await bindKnown(binding, null);
          begin(input, binding.code, attempt.localId);
          return ready(binding, content, startDate, resumed);
        } catch (error) {
          if (!isRetryable(error)) {
            savePendingResponse(storage, surveyCode, null);
            saveClientKey(storage, surveyCode, null);
            // A file picked meanwhile goes with the response; the opening's answer alone says why (no refused
            // upload or save besides).
            beingCreated = null;
            outbox.createRefused(attempt.localId, error);
            const { closeReason } = toApiError(error);
            if (closeReason) return { kind: 'closed', reason: closeReason };
            return { kind: 'error', ...createFailure(error, survey.config.error_message) };
          }
          // Unreachable or failing server (or a lost answer): the outbox replays the same create until it lands.
        }
      }

      begin(input, attempt.localId);
      await outbox.enqueue({ type: 'create', responseKey: attempt.localId, surveyCode, body });
      return ready(null, content, startDate, resumed);
    } finally {
      beingCreated = null;
      // Bound, or behind the queued create, what waits under the local id goes on.
      outbox.releaseHold(attempt.localId);
    }
  }

  /** A new response; `base` is the content stored before any request of this opening. */
  function createNew(input: OpenResponseInput, stored: PersistedSurvey): Promise<OpenResponseResult> {
    const base = stored.responses;
    // Read before the reset below removes what is stored.
    const content = withAnswersSince(
      captureParams(clearContentForNewResponse(base ?? {}), input.customFields, input.urlParams),
      base,
    );
    // With no earlier response on this device, the page and the alerts stored are this opening's own (a Next
    // pressed before the client took over): the reset keeps them.
    const marks = keepsResponse(stored) ? null : loadResponseMarks(storage, surveyCode);
    clearResponseCode(storage, surveyCode);
    if (marks) restoreResponseMarks(storage, surveyCode, marks);
    return create(input, content, { localId: createLocalId(), clientKey: createClientKey() }, false);
  }

  async function openResponse(input: OpenResponseInput): Promise<OpenResponseResult> {
    if (input.mode === 'readOnly') {
      begin(input, null);
      // Starts clear on purpose: a preview must not show, nor touch, what this device answered for real.
      return {
        kind: 'read_only',
        content: captureParams({}, input.customFields, input.urlParams),
        startDate: formatIsoWithOffset(input.now),
      };
    }
    // What was queued for a create on the wire when the page closed waits, from the moment the queue loads, for the
    // create to be replayed or found done below; not continued on this opening, it is dropped as before.
    const pendingResponse = loadPendingResponse(storage, surveyCode);
    if (pendingResponse) outbox.holdForCreate(pendingResponse);
    try {
      return await openWritable(input);
    } finally {
      if (pendingResponse) outbox.releaseHold(pendingResponse);
    }
  }

  /** GET of a response; a link's is tried again after a passing fault (`LINK_READ_RETRIES_MS`). */
  async function readResponse(
    code: string,
    options: Parameters<typeof api.getResponse>[1],
    retries: boolean,
  ): Promise<Awaited<ReturnType<typeof api.getResponse>>> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await api.getResponse(code, options);
      } catch (error) {
        const delay = LINK_READ_RETRIES_MS[attempt];
        if (!retries || delay === undefined || !isRetryable(error)) throw error;
        await wait(Math.min(toApiError(error).retryAfterMs ?? delay, LINK_READ_LONGEST_WAIT_MS));
      }
    }
  }

  async function openWritable(input: OpenResponseInput): Promise<OpenResponseResult> {
    const { survey } = input;
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
        const read = await readResponse(
          code,
          {
            token: storedToken,
            params: {
              survey: survey.survey_id,
              fingerprint: input.fingerprint,
              client_signature: input.clientSignature,
            },
          },
          // This device's own response goes on from its local copy at once (below).
          !isStored,
        );
        if (read.completed || read.response_is_completed === true) {
          if (isStored) markFinished(storage, surveyCode, shareConfig, input.now.getTime());
          // A link names that response (the answer-later link, an e-mail share): it was answered, whichever device
          // kept it. Only the response this device kept by itself is followed by a new one, when the survey allows.
          if (explicitCode) return { kind: 'already_completed' };
          if (isFinishedOnDevice(storage, surveyCode, shareConfig, input.now.getTime())) {
            return { kind: 'finished_on_device' };
          }
          return createNew(input, stored);
        }
        // Opened again (a reload, another device), an expired response must not be saved: a save clears its flags.
        if (read.expired_partial || read.expired_empty) return { kind: 'expired' };
        // Spec §7 does not list the id: the one this device kept from the create stands in for it, else none (an
        // upload then names the response by its token alone).
        const id = read.id ?? (isStored ? stored.responseId : null);
        // This device writes its answers locally before sending them, so its copy of its own response is the newest,
        // unless the server's seq is above every one this device used: another device has saved since. A link to
        // another response starts from the server's content.
        const ownCopy = isStored ? stored.responses : null;
        const otherDeviceSaved = ownCopy !== null && (read.seq ?? 0) > (stored.seq ?? 0);
        const base = !ownCopy
          ? read.content
          : otherDeviceSaved
            ? mergeOtherDeviceSaves(read.content, ownCopy, stored.serverContent)
            : ownCopy;
        const content = storeOpened(input, base, stored.responses, read.custom_fields);
        // Another response than the one this device kept: what was marked for that one (its page, its alerts sent)
        // is not this one's.
        if (!isStored && keepsResponse(stored)) clearResponseMarks(storage, surveyCode);
        saveServerContent(storage, surveyCode, read.content);
        // A backend that sends no start date: the one this device kept, else when the server created the response.
        // Never none, which would count the time again from each reload.
        const startDate = read.start_date ?? (isStored ? stored.startDate : null) ?? read.created_date;
        saveStartDate(storage, surveyCode, startDate);
        const binding: ResponseBinding = { code: read.code, id, token: read.token ?? storedToken };
        // Saves continue above the server's seq (another device may have saved since) and this device's own.
        await bindKnown(binding, Math.max(read.seq ?? 0, isStored ? (stored.seq ?? 0) : 0));
        begin(input, binding.code);
        return ready(binding, content, startDate, true);
      } catch (error) {
        // Offline, or the server failing for now (5xx, 429), with a response of this device: continue from the
        // local copy; saves wait in the outbox. Never a new response for a passing fault.
        if (isRetryable(error) && isStored && stored.responses) {
          const binding: ResponseBinding = { code, id: stored.responseId, token: storedToken };
          const content = storeOpened(input, stored.responses, stored.responses);
          await bindKnown(binding, stored.seq);
          begin(input, code);
          return ready(binding, content, stored.startDate, true);
        }
        if (shareConfig.multiple_responses && survey.is_open) return createNew(input, stored);
        return { kind: 'error', key: 'unexpected_error', message: null };
      }
    }

    // A response whose create was sent on an earlier visit: continue it, whether or not the create went through.
    if (stored.pendingResponse) {
      const localId = stored.pendingResponse;
      const content = captureParams(stored.responses ?? {}, input.customFields, input.urlParams);
      const binding = outbox.getBinding(localId);
      if (binding) {
        // Created after the page that queued it was closed; the outbox keeps the binding under the local id.
        persistBinding(binding);
        savePendingResponse(storage, surveyCode, null);
        saveClientKey(storage, surveyCode, null);
        saveResponses(storage, surveyCode, content);
        begin(input, localId);
        return ready(binding, content, stored.startDate, true);
      }
      if (outbox.pending().some((op) => op.type === 'create' && op.responseKey === localId)) {
        saveResponses(storage, surveyCode, content);
        begin(input, localId);
        return ready(null, content, stored.startDate, true);
      }
      // The page closed while its create was on the wire: the same key makes the server answer that response.
      if (stored.clientKey) return create(input, content, { localId, clientKey: stored.clientKey }, true);
    }

    return createNew(input, stored);
  }

  /** Queues a write for `current` (the open response), unless read-only (spec §4: read-only blocks all writes). */
  async function enqueueWrite(
    build: (responseKey: string, current: Session) => Parameters<Outbox['enqueue']>[0],
    current: Session | null = session,
  ): Promise<EnqueuedOp | null> {
    if (!current || current.mode === 'readOnly' || !current.responseKey) return null;
    const enqueued = await outbox.enqueue(build(current.responseKey, current));
    // Mirrors the seq outside IndexedDB, so that neither losing IndexedDB nor resuming a once-provisional response
    // under its real code restarts the counter below what the server has already seen.
    if (enqueued.seq !== null) saveSeq(storage, surveyCode, enqueued.seq);
    return enqueued;
  }

  async function rebase(content: Readonly<Content>, responseKey: string): Promise<Content> {
    const binding = outbox.getBinding(responseKey);
    if (!binding) return { ...content };
    const opened = session;
    const read = await api.getResponse(binding.code, {
      token: binding.token,
      params:
        opened && ownsOp(responseKey)
          ? { survey: opened.surveyId, fingerprint: opened.fingerprint, client_signature: opened.clientSignature }
          : undefined,
    });
    // Out of time on the server (another device's timer came first): what waits here is refused as our backend
    // would refuse it, never sent over the expiry.
    if (read.expired_partial || read.expired_empty) {
      throw new ApiError({ key: 'system_messages_unique_responses', status: 409, code: RESPONSE_EXPIRED });
    }
    if (!isThisDevicesResponse(responseKey)) return mergeOtherDeviceSaves(read.content, content, {});
    // Not knowing what the server held (storage cleared), this device's answers win, as they did before.
    const known = loadServerContent(storage, surveyCode) ?? {};
    const local = mergeOtherDeviceSaves(read.content, loadResponses(storage, surveyCode) ?? {}, known);
    saveResponses(storage, surveyCode, local);
    saveServerContent(storage, surveyCode, read.content);
    emit({ type: 'merged', content: local });
    return mergeOtherDeviceSaves(read.content, content, known);
  }

  return {
    openResponse,
    rebase,
    saveAnswers: (content) => enqueueWrite((responseKey) => ({ type: 'save', responseKey, content: { ...content } })),
    async finishResponse({ content, redirected = false, email = null, patienceMs }) {
      if (session?.mode === 'readOnly') return { kind: 'read_only' };
      const enqueued = await enqueueWrite((responseKey, current) => ({
        type: 'finish',
        responseKey,
        content: { ...content },
        clientSignature: current.clientSignature,
        redirected,
      }));
      if (!enqueued) return { kind: 'error', key: 'unexpected_error', error: new Error('No response is open') };
      // After the finish in the queue, so the server has a finished response when it is asked to mail it; dropped
      // with it when the response turns out finished elsewhere.
      if (email)
        await enqueueWrite((responseKey) => ({
          type: 'email',
          responseKey,
          body: { ...email, client_key: randomKey() },
        }));
      let patience: ReturnType<typeof setTimeout> | undefined;
      try {
        const confirmed = enqueued.settled.then(() => 'finished' as const);
        const outcome =
          patienceMs === undefined
            ? await confirmed
            : await Promise.race([
                confirmed,
                new Promise<'pending'>((resolve) => {
                  patience = setTimeout(() => resolve('pending'), patienceMs);
                }),
              ]);
        return { kind: outcome };
      } catch (error) {
        if (isResponseExpired(error)) return { kind: 'expired' };
        if (isCompletedElsewhere(error)) return { kind: 'completed_elsewhere' };
        const apiError = toApiError(error);
        if (apiError.closeReason) return { kind: 'closed', reason: apiError.closeReason };
        return { kind: 'error', key: apiError.key, error };
      } finally {
        clearTimeout(patience);
      }
    },
    expirePartial: (content) =>
      enqueueWrite((responseKey) => ({ type: 'expire_partial', responseKey, content: { ...content } })),
    expireEmpty: () => enqueueWrite((responseKey) => ({ type: 'expire_empty', responseKey })),
    async queueUpload({ questionId, file, fileName }) {
      const uploadKey = randomKey();
      namePickedFile(uploadKey, fileName);
      // While the create is on the wire, under the response's local id. Only a file is taken then: it has no seq,
      // which would have to follow the response's counter once the response is known by its code.
      await enqueueWrite(
        (responseKey, current) => ({
          type: 'upload',
          responseKey,
          uploadKey,
          surveyId: current.surveyId,
          questionId,
          file,
          fileName,
        }),
        session ?? beingCreated,
      );
      return localUploadRef(uploadKey);
    },
    createStarted: () => createStarted,
    describeUpload(value) {
      const uploadKey = uploadKeyOf(value);
      if (uploadKey === null) {
        const name = pickedFiles.get(value);
        return name === undefined ? null : { name, state: 'stored' };
      }
      const queued = outbox.pending().find((op) => op.type === 'upload' && op.uploadKey === uploadKey);
      const name = pickedFiles.get(uploadKey) ?? (queued?.type === 'upload' ? queued.fileName : null);
      if (name === null) return null;
      // A preview keeps the file in memory only: for it, picking is storing.
      const stored = session?.mode === 'readOnly' || outbox.uploadedId(uploadKey) !== null;
      return { name, state: stored ? 'stored' : 'pending' };
    },
    queueAlert: (alert) => enqueueWrite((responseKey) => ({ type: 'alert', responseKey, alertId: alert.id, alert })),
    keepaliveSave(content) {
      const current = session;
      if (!current || current.mode === 'readOnly' || !current.responseKey) return null;
      const save = outbox.keepaliveSave(current.responseKey, { ...content });
      if (save) saveSeq(storage, surveyCode, save.body.seq);
      return save;
    },
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
