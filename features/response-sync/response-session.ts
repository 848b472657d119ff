import type { SurveyApi } from '@/lib/api/survey-api';
import { apiUrl, paths } from '@/lib/api/paths';
import type { Content } from '@/lib/survey-format/content';
import type { AlertQueueBody, EmailQueueBody } from '@/lib/survey-format/response';
import type { Survey } from '@/lib/survey-format/survey';
import type { GlobalStore } from '@/stores/global-store';
import type { SurveyStore } from '@/stores/survey-store';

import { clientSignature, deviceFingerprint } from './device-fingerprint';
import { type Autosave, connectAutosave } from './lifecycle/autosave';
import { applyOpenResult, connectLifecycleEvents, connectOutboxStatus } from './lifecycle/connect-stores';
import {
  createResponseLifecycle,
  type FinishResult,
  type LifecycleEvent,
  type OpenResponseResult,
  type ResponseLifecycle,
  type UploadDescription,
} from './lifecycle/response-lifecycle';
import { createBrowserConnectivity } from './outbox/connectivity';
import { createOutbox, type Outbox, type OutboxOptions } from './outbox/outbox';
import { createIdbOutboxRepository } from './outbox/outbox-repository';
import { isPatchOp, toPatchBody } from './outbox/patch-body';
import { createSurveyApiSender } from './outbox/survey-api-sender';
import type { ConnectivitySource } from './outbox/outbox-types';
import { resolveUploadRefs } from './outbox/upload-ref';
import { createMemoryStorage } from './persistence/memory-storage';
import { createSafeStorage, type SafeStorage } from './persistence/safe-storage';
import { type LockManagerLike, requestWriterLock, type WriterLock, type WriterLockState } from './writer-lock';

/**
 * One respondent's response to one survey in this tab: the writer lock, the outbox, the lifecycle and autosave,
 * wired to the stores. Plain TypeScript: `useResponseSession` creates one per mounted survey, tests create it
 * with fakes. The flow asks it to finish, expire and queue side effects, and hears from it what happens in the
 * background (a response finished elsewhere, a file stored or refused).
 */

export type SessionState =
  /** Not started: behind the gate, or the survey cannot be answered. */
  | { kind: 'idle' }
  /** Another tab of this browser writes this survey's response; this one waits, or takes over when told to. */
  | { kind: 'waiting_writer' }
  | { kind: 'opening' }
  | { kind: 'open'; result: OpenResponseResult }
  /** Another tab took over: this one stopped writing. */
  | { kind: 'lost' };

export interface SessionStart {
  survey: Survey;
  urlParams: Readonly<Record<string, string>>;
  customFields: Readonly<Record<string, string>>;
  resumeCode: string | null;
  /** Runs once this tab is the writer, before the response opens: the flow restores what this device kept. */
  onWriter(): void;
  /** Keys of answers given on this page, which win over the opened content. */
  givenAnswers(): ReadonlySet<string>;
  /** Drops answers of hidden questions before they are sent. */
  prune(content: Readonly<Content>): Content;
}

export interface ResponseSessionOptions {
  surveyCode: string;
  readOnly: boolean;
  api: SurveyApi;
  apiBaseUrl: string;
  /** The password gate's token: a protected survey takes responses only from a browser that passed it. */
  accessToken: () => string | null;
  stores: { survey: SurveyStore; global: GlobalStore };
  /** The browser's storage; `null` writes nothing (read-only preview). */
  storage: SafeStorage | null;
  connectivity?: ConnectivitySource;
  locks?: LockManagerLike | null;
  outbox?: Partial<Pick<OutboxOptions, 'repository' | 'backoff' | 'random'>>;
  /** `fetch` for requests that outlive the page; injected for tests. */
  keepaliveFetch?: (url: string, init: RequestInit) => Promise<unknown>;
  now?: () => number;
}

export interface ResponseSession {
  state(): SessionState;
  subscribe(listener: (state: SessionState) => void): () => void;
  onEvent(listener: (event: LifecycleEvent) => void): () => void;
  start(input: SessionStart): void;
  /** Resolves once the response is open, with what the open found (a response, or why there is none). */
  opened(): Promise<OpenResponseResult>;
  /** This tab continues the survey; the tab that wrote it stops. */
  takeOver(): void;
  /**
   * Waits for the response to be open, then queues the finish and the response e-mail (`email`, when the survey
   * sends one); resolves once the server confirmed the finish. With `patienceMs` (leaving for an end URL), resolves
   * `pending` once that time has passed, having handed what still waits to keepalive requests.
   */
  finish(
    content: Readonly<Content>,
    redirected: boolean,
    email?: Omit<EmailQueueBody, 'client_key'> | null,
    patienceMs?: number,
  ): Promise<FinishResult>;
  /** Queues the timer's expiry (empty or partial); resolves once the server has it, or `timeoutMs` passed. */
  expire(content: Readonly<Content> | null, timeoutMs: number): Promise<boolean>;
  queueUpload(input: { questionId: number; file: Blob; fileName: string }): Promise<string>;
  describeUpload(value: string): UploadDescription | null;
  /** Resolves once the alert waits in the outbox, which keeps it across a reload (never while the page only holds it). */
  queueAlert(alert: AlertQueueBody): Promise<void>;
  /**
   * Before leaving the survey for another site: waits up to `timeoutMs` until nothing of this response waits in
   * the outbox, then hands what still waits (but files) to keepalive requests. `true` when everything was sent.
   */
  settleBeforeLeaving(timeoutMs: number): Promise<boolean>;
  dispose(): void;
}

/** Keepalive bodies in flight are capped at 64 KiB per page by browsers; stay clear of it. */
const KEEPALIVE_BUDGET = 60_000;

type KeepaliveBody = { text: string; bytes: number };

/** A keepalive request's body, with its size in UTF-8 bytes: an Arabic or Chinese answer takes two or three a letter. */
function keepaliveBody(body: unknown): KeepaliveBody {
  const text = JSON.stringify(body);
  return { text, bytes: new TextEncoder().encode(text).length };
}

export function createResponseSession(options: ResponseSessionOptions): ResponseSession {
  const { surveyCode, readOnly, stores } = options;
  const now = options.now ?? Date.now;
  const connectivity = options.connectivity ?? createBrowserConnectivity();
  const keepaliveFetch = options.keepaliveFetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  // Read-only preview writes nothing: a throwaway storage and outbox that nothing is ever queued in.
  const storage = readOnly || !options.storage ? createSafeStorage(createMemoryStorage()) : options.storage;
  const api: SurveyApi = {
    ...options.api,
    createResponse: (code, body, call) =>
      options.api.createResponse(code, body, { ...call, accessToken: options.accessToken() }),
  };
  const outbox: Outbox = createOutbox({
    sender: createSurveyApiSender(api),
    connectivity,
    // Each survey has its own queue: a tab writes only the survey whose writer lock it holds.
    repository: options.outbox?.repository ?? (() => createIdbOutboxRepository(surveyCode)),
    backoff: options.outbox?.backoff,
    random: options.outbox?.random,
    // Called only once a save was sent, long after the lifecycle below exists.
    rebase: (content, responseKey) => lifecycle.rebase(content, responseKey),
  });
  const lifecycle: ResponseLifecycle = createResponseLifecycle({
    surveyCode,
    api,
    storage,
    outbox,
    connectivity,
    now,
  });
  const listeners = new Set<(state: SessionState) => void>();
  const disconnects: Array<() => void> = [];
  let current: SessionState = { kind: 'idle' };
  let lock: WriterLock | null = null;
  let started: SessionStart | null = null;
  let opening: Promise<OpenResponseResult> | null = null;
  let resolveOpened: (result: OpenResponseResult) => void = () => {};
  const opened = new Promise<OpenResponseResult>((resolve) => {
    resolveOpened = resolve;
  });
  let disposed = false;
  let autosave: Autosave | null = null;

  /**
   * The last word of a response (finish, expiry) goes after every save, and no save may follow it: a save after
   * the finish would be refused as a change to a finished response, and one after the expiry would clear its flag.
   */
  async function stopSaving(): Promise<void> {
    const current = autosave;
    autosave = null;
    if (!current) return;
    await current.flush();
    current.dispose();
  }

  function set(next: SessionState): void {
    current = next;
    for (const listener of [...listeners]) listener(next);
  }

  function open(input: SessionStart): void {
    if (opening) return;
    set({ kind: 'opening' });
    if (!readOnly) {
      disconnects.push(connectOutboxStatus(outbox, stores.global), connectLifecycleEvents(lifecycle, stores.survey));
    }
    input.onWriter();
    const fingerprint = readOnly ? '' : deviceFingerprint(storage);
    opening = lifecycle.openResponse({
      survey: input.survey,
      mode: readOnly ? 'readOnly' : 'response',
      resumeCode: input.resumeCode,
      fingerprint,
      clientSignature: clientSignature(fingerprint),
      urlParams: input.urlParams,
      customFields: input.customFields,
      now: new Date(now()),
    });
    void opening.then((result) => {
      if (disposed) return;
      // Answers given on this page while the response was opening (or before the client took over) win over the
      // opened content: they are the respondent's latest word. One update, so no answer ever flickers away.
      const { responses } = stores.survey.getState();
      const given = [...input.givenAnswers()].flatMap((key) => {
        const answer = responses[key];
        return answer ? [[key, answer] as const] : [];
      });
      const withGiven: OpenResponseResult =
        result.kind === 'ready' || result.kind === 'read_only'
          ? { ...result, content: { ...result.content, ...Object.fromEntries(given) } }
          : result;
      applyOpenResult(stores.survey, withGiven);
      if (result.kind === 'ready') {
        // Connected after the opened content is in the store, so it is not sent back as a change.
        autosave = connectAutosave(stores.survey, {
          saveAnswers: (content) => lifecycle.saveAnswers(input.prune(content)),
          sendOnExit: (content, unsent) => sendOnExit(input.prune(content), unsent),
        });
        // A resumed response may hold answers this device kept but never sent (the tab closed mid-save).
        if (result.resumed || given.length > 0) {
          void lifecycle.saveAnswers(input.prune(stores.survey.getState().responses));
        }
      }
      set({ kind: 'open', result: withGiven });
      resolveOpened(withGiven);
    });
  }

  function onLock(state: WriterLockState): void {
    if (disposed || !started) return;
    if (state === 'held') {
      if (current.kind === 'lost') {
        // Taken back from the other tab: what it wrote since is in storage; a reload reads it cleanly.
        window.location.reload();
        return;
      }
      open(started);
    } else if (state === 'waiting') set({ kind: 'waiting_writer' });
    else if (state === 'lost') {
      outbox.stop();
      set({ kind: 'lost' });
    }
  }

  /** A request that outlives the page, with credentials for the API's base URL as every other call (spec §7). */
  function post(url: string, body: KeepaliveBody, token: string | null, method: 'PATCH' | 'POST'): void {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    void keepaliveFetch(url, { method, keepalive: true, credentials: 'include', headers, body: body.text }).catch(
      () => undefined,
    );
  }

  /** The latest answers in a request that outlives the page, when something of them is not yet on the server. */
  function sendOnExit(content: Content, unsent: boolean): void {
    if (!unsent && !outbox.pending().some((op) => op.type === 'save')) return;
    const save = lifecycle.keepaliveSave(content);
    const body = save ? keepaliveBody(save.body) : null;
    if (save && body && body.bytes <= KEEPALIVE_BUDGET) {
      post(apiUrl(options.apiBaseUrl, paths.response(save.responseCode)), body, save.token, 'PATCH');
    }
  }

  /** What still waits for this response (but files, too big for keepalive), sent in requests that outlive the page. */
  function handOff(): void {
    let budget = KEEPALIVE_BUDGET;
    for (const op of outbox.pending()) {
      const binding = outbox.getBinding(op.responseKey);
      if (!binding || op.type === 'upload' || op.type === 'create') continue;
      const resolve = (content: Content) => resolveUploadRefs(content, (uploadKey) => outbox.uploadedId(uploadKey));
      const request =
        isPatchOp(op) && op.seq !== null
          ? { path: paths.response(binding.code), body: toPatchBody(op, op.seq, resolve), method: 'PATCH' as const }
          : op.type === 'alert'
            ? { path: paths.alertQueue(binding.code, op.alertId), body: op.alert, method: 'POST' as const }
            : op.type === 'email'
              ? { path: paths.emailQueue(binding.code), body: op.body, method: 'POST' as const }
              : null;
      if (!request) continue;
      const body = keepaliveBody(request.body);
      // Within the browsers' cap, counted in bytes as they count it: what would cross it is left for a next visit.
      if (body.bytes > budget) break;
      post(apiUrl(options.apiBaseUrl, request.path), body, binding.token, request.method);
      budget -= body.bytes;
    }
  }

  function waitForEmpty(timeoutMs: number): Promise<boolean> {
    if (outbox.pendingCount() === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(false);
      }, timeoutMs);
      const unsubscribe = outbox.subscribe(() => {
        if (outbox.pendingCount() > 0) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      });
    });
  }

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onEvent: (listener) => lifecycle.subscribe(listener),
    start(input) {
      if (started || disposed) return;
      started = input;
      if (readOnly) {
        open(input);
        return;
      }
      lock = requestWriterLock(surveyCode, options.locks);
      disconnects.push(lock.subscribe(onLock));
      onLock(lock.state());
    },
    takeOver: () => lock?.takeOver(),
    opened: () => opened,
    async finish(content, redirected, email = null, patienceMs) {
      await opened;
      await stopSaving();
      const result = await lifecycle.finishResponse({ content, redirected, email, patienceMs });
      // Still queued, and kept for the next visit: a request that outlives the page may deliver it first.
      if (result.kind === 'pending') handOff();
      return result;
    },
    async expire(content, timeoutMs) {
      await opened;
      await stopSaving();
      const enqueued = content === null ? await lifecycle.expireEmpty() : await lifecycle.expirePartial(content);
      if (!enqueued) return true;
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs));
      const sent = await Promise.race([
        enqueued.settled.then(
          () => true,
          () => true,
        ),
        timeout,
      ]);
      if (!sent) handOff();
      return sent;
    },
    // Once the response is open, as alerts, or as soon as its create is on the wire: kept in memory until the
    // create returned, the file would not survive a reload meanwhile.
    async queueUpload(input) {
      await Promise.race([opened, lifecycle.createStarted()]);
      // The answers as they are now reach the server before the file: a file removed from the answer is then known
      // as removed, and the server does not count it against the question's `max_files`. (Before the response is
      // open nothing saves, and a response being created holds no file the server knows.)
      await autosave?.flush();
      return lifecycle.queueUpload(input);
    },
    describeUpload: (value) => lifecycle.describeUpload(value),
    async queueAlert(alert) {
      await opened;
      await lifecycle.queueAlert(alert);
    },
    async settleBeforeLeaving(timeoutMs) {
      const sent = await waitForEmpty(timeoutMs);
      if (!sent) handOff();
      return sent;
    },
    dispose() {
      disposed = true;
      autosave?.dispose();
      for (const disconnect of disconnects) disconnect();
      lock?.release();
      lifecycle.dispose();
      outbox.stop();
    },
  };
}
