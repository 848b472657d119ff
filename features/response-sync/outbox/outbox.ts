import { toApiError } from '@/lib/api/errors';
import type { Content } from '@/lib/survey-format/content';
import { RESPONSE_EXPIRED } from '@/lib/survey-format/response';

import { type BackoffOptions, defaultBackoff, retryDelay } from './backoff';
import { classifySendError } from './classify-send-error';
import { createMemoryOutboxRepository, type OutboxRepository, type StoredUpload } from './outbox-repository';
import type {
  ConnectivitySource,
  ErrorDecision,
  KeepaliveSave,
  OpResult,
  OutboxEvent,
  OutboxListener,
  OutboxOp,
  OutboxOpInput,
  OutboxSender,
  OutboxStatus,
  ResponseBinding,
} from './outbox-types';
import { isPatchOp, type PatchOp, toPatchBody } from './patch-body';
import { resolveUploadRefs } from './upload-ref';

/**
 * "Never lose an answer, never count it twice": every write to the survey API goes through this queue.
 * Operations are kept in IndexedDB (memory when it is unavailable) and sent one at a time, strictly in order, so a
 * finish never overtakes a save or an upload, and nothing is sent for a response before its create succeeded (its
 * operations wait for that create, queued or made outside the queue, while other responses' go on). A
 * failure that may pass (network, 408, 429, 5xx) is retried with capped exponential backoff, or after the server's
 * Retry-After; nothing is sent while the browser is offline, and going back online retries at once. Every
 * operation is idempotent on the server (see outbox-types.ts), so a replay changes nothing. Only the latest
 * pending save of a response is kept. The server's `seq` in a PATCH answer is adopted: a browser that was behind
 * (the response continued on another device) continues above it instead of being ignored.
 *
 * One outbox writes per survey and browser: the tab that holds the writer lock (writer-lock.ts) starts it.
 */

export interface OutboxOptions {
  sender: OutboxSender;
  connectivity: ConnectivitySource;
  /**
   * Where the queue is kept across reloads: IndexedDB in the browser (`createIdbOutboxRepository(surveyCode)`);
   * a throwing factory means "no IndexedDB here", and the queue then lives in memory.
   */
  repository: OutboxRepository | (() => OutboxRepository);
  classifyError?: (error: unknown) => ErrorDecision;
  backoff?: Partial<BackoffOptions>;
  random?: () => number;
  createId?: () => string;
  /** Loading from IndexedDB longer than this falls back to memory (a Safari bug can leave `open` hanging). */
  loadTimeoutMs?: number;
  /** Resends of one op after the server answered with a newer `seq` (see `handleStaleSeq`). */
  maxStaleResends?: number;
  /**
   * The answers to send in place of `content`, a save (or finish, or expiry) the server refused as behind in seq:
   * another device has saved
   * since (the response continued through its resume link). Without it, the save is sent again as it was, over
   * what the other device saved. A failure (offline) tries again later; the old copy is never sent meanwhile.
   */
  rebase?: (content: Content, responseKey: string) => Promise<Content>;
}

export interface EnqueuedOp {
  id: string;
  seq: number | null;
  /**
   * Resolves when the server confirmed the operation (for a coalesced save: when the save that replaced it was
   * confirmed); rejects when it was dropped as permanently failed. Lives only as long as this page: after a
   * reload, follow the outbox's events instead.
   */
  settled: Promise<OpResult>;
}

export interface Outbox {
  /** Loads pending operations from IndexedDB and starts sending. Idempotent; other methods wait for it. */
  start(): Promise<void>;
  /** Stops listening and retrying; an operation on the wire still completes. */
  stop(): void;
  enqueue(input: OutboxOpInput): Promise<EnqueuedOp>;
  /** Registers a response the server already knows (a resumed one); `seqFloor` is the last `seq` known to be used. */
  bind(responseKey: string, binding: ResponseBinding, seqFloor?: number | null): Promise<void>;
  /**
   * The create of `responseKey` is made outside the queue (tried directly, or replayed after a reload): until a
   * binding names its response, its operations wait, neither sent nor dropped. Callable before `start`, so that what
   * a reload loads waits too.
   */
  holdForCreate(responseKey: string): void;
  /**
   * Ends `holdForCreate`: an operation of `responseKey` that still has neither a binding nor a queued create is then
   * dropped, as one of a response nobody creates (its create is not made on this opening).
   */
  releaseHold(responseKey: string): void;
  /**
   * The create `holdForCreate` announced was refused for good: what waits for it is dropped with its `error`. Not the
   * outbox's `lastError`: whoever made the create shows the refusal.
   */
  createRefused(responseKey: string, error: unknown): void;
  getBinding(responseKey: string): ResponseBinding | null;
  /** The server's id of an upload the outbox stored, by the key the browser chose. */
  uploadedId(uploadKey: string): string | null;
  /**
   * Reserves the next `seq` for a save sent by `fetch(…, { keepalive: true })` while the page unloads, and gives
   * its body; `null` while the response has no binding. Synchronous: nothing async finishes during `pagehide`.
   */
  keepaliveSave(responseKey: string, content: Content): KeepaliveSave | null;
  /** Forgets a finished response's binding, seq counter and uploads once none of its operations is pending. */
  forget(responseKey: string): Promise<void>;
  /** Resolves when the queue is empty; rejects with the first permanent failure that happens meanwhile. */
  flush(): Promise<void>;
  pendingCount(): number;
  pending(): readonly OutboxOp[];
  status(): OutboxStatus;
  subscribe(listener: OutboxListener): () => void;
}

interface Deferred {
  resolve: (result: OpResult) => void;
  reject: (error: unknown) => void;
}

interface FlushWaiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What to do with an op whose save the server ignored as older than its stored seq. */
type StaleOutcome = 'resend' | 'superseded' | 'give_up';

/** Thrown for an operation whose response has neither a binding nor a pending create. */
export class OutboxUnboundResponseError extends Error {
  constructor(readonly responseKey: string) {
    super(`No response is bound to "${responseKey}" and none is being created.`);
    this.name = 'OutboxUnboundResponseError';
  }
}

/** The server kept answering that it holds a newer save than every one this browser sent. */
export class StaleSeqError extends Error {
  constructor(readonly serverSeq: number) {
    super(`The server keeps a newer save (seq ${serverSeq}) than this browser can send.`);
    this.name = 'StaleSeqError';
  }
}

/** A PATCH answer said the response is finished, though this browser did not finish it. */
export class CompletedElsewhereError extends Error {
  constructor(readonly responseKey: string) {
    super(`Response "${responseKey}" was finished elsewhere.`);
    this.name = 'CompletedElsewhereError';
  }
}

/** The response's time ran out (on another device, or on this one before a save was sent): a 409 `response_expired`. */
export function isResponseExpired(error: unknown): boolean {
  const apiError = toApiError(error);
  return apiError.status === 409 && apiError.code === RESPONSE_EXPIRED;
}

/** The response was finished elsewhere (another device or tab): our backend answers such a write with 409. */
export function isCompletedElsewhere(error: unknown): boolean {
  return error instanceof CompletedElsewhereError || (toApiError(error).status === 409 && !isResponseExpired(error));
}

function defaultCreateId(): string {
  // randomUUID exists only in secure contexts; a survey opened over plain http on a LAN must still work.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`IndexedDB did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The PATCHes that write the answers: the ones a device behind the server must rebase before sending. */
function writesContent(op: OutboxOp): op is Extract<OutboxOp, { type: 'save' | 'finish' | 'expire_partial' }> {
  return op.type === 'save' || op.type === 'finish' || op.type === 'expire_partial';
}

/** The operations whose failure the respondent must see: their answers, not the owner's notifications. */
function carriesAnswers(op: OutboxOp): boolean {
  return op.type !== 'alert' && op.type !== 'email';
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { sender, connectivity } = options;
  const classifyError = options.classifyError ?? classifySendError;
  const backoff: BackoffOptions = { ...defaultBackoff, ...options.backoff };
  const random = options.random ?? Math.random;
  const createId = options.createId ?? defaultCreateId;
  const loadTimeoutMs = options.loadTimeoutMs ?? 5000;
  const maxStaleResends = options.maxStaleResends ?? 3;

  let repository: OutboxRepository = createMemoryOutboxRepository();
  let durable = true;
  let ops: OutboxOp[] = [];
  const bindings = new Map<string, ResponseBinding>();
  const heldForCreate = new Set<string>();
  const seqs = new Map<string, number>();
  const uploads = new Map<string, StoredUpload>();
  const deferreds = new Map<string, Deferred[]>();
  const listeners = new Set<OutboxListener>();
  let flushWaiters: FlushWaiter[] = [];
  let nextOrder = 1;
  let inFlightId: string | null = null;
  let pumping = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let lastError: unknown = null;
  let stopped = false;
  let startPromise: Promise<void> | null = null;
  let loaded = false;
  let unsubscribeConnectivity: (() => void) | null = null;

  function emit(event: OutboxEvent): void {
    for (const listener of [...listeners]) listener(event);
  }

  function changed(): void {
    emit({ type: 'change' });
    if (ops.length === 0 && flushWaiters.length > 0) {
      const waiters = flushWaiters;
      flushWaiters = [];
      for (const waiter of waiters) waiter.resolve();
    }
  }

  function fallBackToMemory(error: unknown): void {
    repository = createMemoryOutboxRepository();
    if (!durable) return;
    durable = false;
    emit({ type: 'not_durable', error });
  }

  /** Best-effort durability: the in-memory queue is the truth, IndexedDB its copy for the next page load. */
  async function persist(write: (target: OutboxRepository) => Promise<void>): Promise<void> {
    try {
      await write(repository);
    } catch (error) {
      fallBackToMemory(error);
    }
  }

  function raiseSeq(responseKey: string, seq: number): void {
    if (seq <= (seqs.get(responseKey) ?? 0)) return;
    seqs.set(responseKey, seq);
    void persist((target) => target.putSeq(responseKey, seq));
  }

  function nextSeq(responseKey: string): number {
    const seq = (seqs.get(responseKey) ?? 0) + 1;
    raiseSeq(responseKey, seq);
    return seq;
  }

  /** Local upload references become the server's ids; one never stored (refused, or lost) is left out. */
  function resolveContent(content: Content): Content {
    return resolveUploadRefs(content, (uploadKey) => uploads.get(uploadKey)?.id ?? null);
  }

  function settle(opId: string, outcome: { result: OpResult } | { error: unknown }): void {
    const waiting = deferreds.get(opId) ?? [];
    deferreds.delete(opId);
    for (const deferred of waiting) {
      if ('result' in outcome) deferred.resolve(outcome.result);
      else deferred.reject(outcome.error);
    }
  }

  function removeOp(op: OutboxOp): void {
    ops = ops.filter((candidate) => candidate.id !== op.id);
    void persist((target) => target.deleteOp(op.id));
  }

  function complete(op: OutboxOp, result: OpResult): void {
    removeOp(op);
    if (carriesAnswers(op)) lastError = null;
    settle(op.id, { result });
    emit({ type: 'sent', op, result });
  }

  /** `shown`: the failure is the respondent's to see elsewhere already (a create refused outside the queue). */
  function drop(op: OutboxOp, error: unknown, shown = false): void {
    removeOp(op);
    if (carriesAnswers(op) && !shown) lastError = error;
    settle(op.id, { error });
    emit({ type: 'dropped', op, error });
    const waiters = flushWaiters;
    flushWaiters = [];
    for (const waiter of waiters) waiter.reject(error);
    // Nothing can be sent for a response that will never exist, or that is finished or out of time.
    if (op.type === 'create' || isCompletedElsewhere(error) || isResponseExpired(error)) {
      for (const dependent of ops.filter((candidate) => candidate.responseKey === op.responseKey)) {
        drop(dependent, error);
      }
    }
  }

  /** An operation of a response whose create has yet to land, in the queue or outside it, waits for it. */
  function waitsForCreate(op: OutboxOp): boolean {
    if (op.type === 'create' || bindings.has(op.responseKey)) return false;
    return (
      heldForCreate.has(op.responseKey) ||
      ops.some((candidate) => candidate.type === 'create' && candidate.responseKey === op.responseKey)
    );
  }

  /** Gives every pending PATCH of a response a fresh seq above the counter, keeping their order. */
  function renumber(responseKey: string): void {
    for (const op of ops) {
      if (op.responseKey !== responseKey || op.seq === null) continue;
      op.seq = nextSeq(responseKey);
      const snapshot = op;
      void persist((target) => target.putOp(snapshot));
    }
  }

  /**
   * The server keeps the highest seq it has seen and ignores an older save while still answering 200 with its own
   * seq. That happens when this device's counter restarted below the server's (continued on another device,
   * storage cleared). Raise the counter to the server's and resend, unless a newer pending save supersedes this
   * one. A backend that keeps answering with a higher seq is given up on after `maxStaleResends` attempts, and
   * the failure is shown rather than taken for a success.
   */
  function handleStaleSeq(op: PatchOp, serverSeq: number): StaleOutcome {
    raiseSeq(op.responseKey, serverSeq);
    // A finish or an expiry carries the answers as a save does: sent as it was, it would write over what the
    // other device saved.
    if (writesContent(op)) {
      for (const pending of ops) {
        if (writesContent(pending) && pending.responseKey === op.responseKey) pending.behind = true;
      }
    }
    const superseded =
      op.type === 'save' && ops.some((o) => o !== op && o.type === 'save' && o.responseKey === op.responseKey);
    let outcome: StaleOutcome = 'give_up';
    if (superseded) outcome = 'superseded';
    else if (op.staleResends < maxStaleResends) outcome = 'resend';
    if (outcome === 'resend') op.staleResends += 1;
    if (outcome === 'superseded') removeOp(op);
    renumber(op.responseKey);
    return outcome;
  }

  type Sent = { result: OpResult; stale: StaleOutcome | null; completedElsewhere: boolean };

  async function sendPatch(op: PatchOp, binding: ResponseBinding): Promise<Sent> {
    if (op.seq === null) throw new Error(`Operation ${op.type} has no seq`);
    if (writesContent(op) && op.behind && options.rebase) {
      // A failure (offline) throws: the save is tried again later, and its old copy is never sent meanwhile.
      op.content = await options.rebase(op.content, op.responseKey);
      op.behind = false;
      const snapshot = op;
      void persist((target) => target.putOp(snapshot));
    }
    const reply = await sender.patchResponse(binding.code, toPatchBody(op, op.seq, resolveContent), binding.token);
    const result: OpResult = { type: op.type };
    if (reply?.completed && op.type !== 'finish') return { result, stale: null, completedElsewhere: true };
    const finishedNow = op.type === 'finish' && reply?.completed === true;
    if (!finishedNow && reply?.seq != null && reply.seq > op.seq) {
      return { result, stale: handleStaleSeq(op, reply.seq), completedElsewhere: false };
    }
    if (reply?.seq != null) raiseSeq(op.responseKey, reply.seq);
    return { result, stale: null, completedElsewhere: false };
  }

  async function send(op: OutboxOp): Promise<Sent> {
    const plain = (result: OpResult): Sent => ({ result, stale: null, completedElsewhere: false });
    if (op.type === 'create') {
      const created = await sender.createResponse(op.surveyCode, op.body);
      const binding: ResponseBinding = { code: created.code, id: created.id, token: created.token ?? null };
      bindings.set(op.responseKey, binding);
      void persist((target) => target.putBinding(op.responseKey, binding));
      emit({ type: 'created', responseKey: op.responseKey, binding });
      return plain({ type: 'create', binding });
    }
    const binding = bindings.get(op.responseKey);
    if (!binding) throw new OutboxUnboundResponseError(op.responseKey);
    switch (op.type) {
      case 'upload': {
        const upload = await sender.uploadFile(
          { survey: op.surveyId, question_id: op.questionId, response_id: binding.id, hash_code: op.uploadKey },
          op.file,
          op.fileName,
          binding.token,
        );
        const stored: StoredUpload = { responseKey: op.responseKey, id: upload.id };
        uploads.set(op.uploadKey, stored);
        void persist((target) => target.putUpload(op.uploadKey, stored));
        return plain({ type: 'upload', upload });
      }
      case 'alert':
        await sender.queueAlert(binding.code, op.alertId, op.alert, binding.token);
        return plain({ type: 'alert' });
      case 'email':
        await sender.queueResponseEmail(binding.code, op.body, binding.token);
        return plain({ type: 'email' });
      default:
        return sendPatch(op, binding);
    }
  }

  function scheduleRetry(delay: number): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void pump();
    }, delay);
  }

  async function pump(): Promise<void> {
    if (pumping || stopped || !loaded) return;
    pumping = true;
    try {
      for (;;) {
        const op = ops.find((candidate) => !waitsForCreate(candidate));
        if (!op || stopped || retryTimer !== null || !connectivity.isOnline()) break;
        inFlightId = op.id;
        changed();
        let outcome: ({ ok: true } & Sent) | { ok: false; error: unknown };
        try {
          outcome = { ok: true, ...(await send(op)) };
        } catch (error) {
          outcome = { ok: false, error };
        } finally {
          inFlightId = null;
        }
        if (outcome.ok) {
          if (outcome.completedElsewhere) {
            emit({ type: 'completed_elsewhere', responseKey: op.responseKey });
            drop(op, new CompletedElsewhereError(op.responseKey));
          } else if (outcome.stale === 'resend') continue;
          else if (outcome.stale === 'superseded') transferDeferreds(op);
          else if (outcome.stale === 'give_up') drop(op, new StaleSeqError(seqs.get(op.responseKey) ?? 0));
          else complete(op, outcome.result);
          continue;
        }
        if (outcome.error instanceof OutboxUnboundResponseError) {
          drop(op, outcome.error);
          continue;
        }
        const decision = classifyError(outcome.error);
        if (decision.kind === 'drop') {
          if (isPatchOp(op) && isCompletedElsewhere(outcome.error)) {
            emit({ type: 'completed_elsewhere', responseKey: op.responseKey });
          }
          // Out of time is what the screen says then, not a save refused.
          drop(op, outcome.error, isResponseExpired(outcome.error));
          continue;
        }
        op.attempts += 1;
        const snapshot = op;
        void persist((target) => target.putOp(snapshot));
        scheduleRetry(retryDelay(op.attempts, decision.retryAfterMs, backoff, random));
        break;
      }
    } finally {
      pumping = false;
      changed();
    }
  }

  /** Hands a superseded save's waiters to the pending save that replaced it. */
  function transferDeferreds(from: OutboxOp): void {
    const waiting = deferreds.get(from.id) ?? [];
    deferreds.delete(from.id);
    const successor = ops.findLast((o) => o.type === 'save' && o.responseKey === from.responseKey);
    if (successor) deferreds.set(successor.id, [...(deferreds.get(successor.id) ?? []), ...waiting]);
    else for (const deferred of waiting) deferred.resolve({ type: 'save' });
    emit({ type: 'change' });
  }

  function onConnectivity(online: boolean): void {
    if (online && retryTimer !== null) {
      // Back online: whatever failed was most likely the connection, so try now instead of waiting out the backoff.
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    changed();
    if (online) void pump();
  }

  /** After a crash between "write new save" and "delete old save", keep only the newest save per response. */
  function coalesceLoaded(loadedOps: OutboxOp[]): OutboxOp[] {
    const sorted = [...loadedOps].sort((a, b) => a.order - b.order);
    const newestSave = new Map<string, OutboxOp>();
    for (const op of sorted) if (op.type === 'save') newestSave.set(op.responseKey, op);
    return sorted.filter((op) => {
      if (op.type !== 'save' || newestSave.get(op.responseKey) === op) return true;
      void persist((target) => target.deleteOp(op.id));
      return false;
    });
  }

  async function load(): Promise<void> {
    try {
      const option = options.repository;
      repository = typeof option === 'function' ? option() : option;
      const snapshot = await withTimeout(repository.load(), loadTimeoutMs);
      ops = coalesceLoaded(snapshot.ops);
      for (const [key, binding] of Object.entries(snapshot.bindings)) bindings.set(key, binding);
      for (const [key, seq] of Object.entries(snapshot.seqs)) seqs.set(key, seq);
      for (const [key, upload] of Object.entries(snapshot.uploads)) uploads.set(key, upload);
      // A seq counter write may have been lost while the op holding a higher seq was kept.
      for (const op of ops) {
        if (op.seq !== null && op.seq > (seqs.get(op.responseKey) ?? 0)) seqs.set(op.responseKey, op.seq);
      }
      nextOrder = Math.max(0, ...ops.map((op) => op.order)) + 1;
    } catch (error) {
      fallBackToMemory(error);
    }
    loaded = true;
    if (stopped) return;
    unsubscribeConnectivity = connectivity.subscribe(onConnectivity);
    changed();
    void pump();
  }

  function start(): Promise<void> {
    if (startPromise && stopped) {
      // Restart after stop(): the queue is already in memory, only listening and sending resume.
      stopped = false;
      unsubscribeConnectivity = connectivity.subscribe(onConnectivity);
      void pump();
    }
    startPromise ??= load();
    return startPromise;
  }

  async function enqueue(input: OutboxOpInput): Promise<EnqueuedOp> {
    await start();
    const op: OutboxOp = { ...input, id: createId(), order: nextOrder++, seq: null, attempts: 0, staleResends: 0 };
    if (isPatchOp(op)) op.seq = nextSeq(op.responseKey);
    const { seq } = op;
    const waiting: Deferred[] = [];
    if (op.type === 'save') {
      // Only the latest content of a response matters; an older pending save not yet on the wire is replaced.
      for (const older of ops.filter(
        (o) => o.type === 'save' && o.responseKey === op.responseKey && o.id !== inFlightId,
      )) {
        ops = ops.filter((candidate) => candidate !== older);
        // The server is still ahead of what replaces it.
        if (older.behind) op.behind = true;
        void persist((target) => target.deleteOp(older.id));
        waiting.push(...(deferreds.get(older.id) ?? []));
        deferreds.delete(older.id);
      }
    }
    const settled = new Promise<OpResult>((resolve, reject) => {
      waiting.push({ resolve, reject });
    });
    // A caller that ignores `settled` must not cause an unhandled rejection; events report the failure anyway.
    settled.catch(() => {});
    deferreds.set(op.id, waiting);
    ops.push(op);
    await persist((target) => target.putOp(op));
    changed();
    void pump();
    return { id: op.id, seq, settled };
  }

  async function bind(responseKey: string, binding: ResponseBinding, seqFloor?: number | null): Promise<void> {
    await start();
    bindings.set(responseKey, binding);
    if (typeof seqFloor === 'number') raiseSeq(responseKey, seqFloor);
    await persist((target) => target.putBinding(responseKey, binding));
    void pump();
  }

  async function forget(responseKey: string): Promise<void> {
    await start();
    // The same response may be bound under its local id too (what was queued while its create was on the wire).
    const code = bindings.get(responseKey)?.code;
    const responseKeys = new Set([
      responseKey,
      ...[...bindings].filter(([, binding]) => binding.code === code).map(([key]) => key),
    ]);
    if (ops.some((op) => responseKeys.has(op.responseKey))) return;
    for (const key of responseKeys) {
      bindings.delete(key);
      seqs.delete(key);
    }
    const keys = [...uploads].filter(([, upload]) => responseKeys.has(upload.responseKey)).map(([key]) => key);
    for (const key of keys) uploads.delete(key);
    await persist(async (target) => {
      await Promise.all([...responseKeys].map((key) => target.deleteBinding(key)));
      await Promise.all(keys.map((key) => target.deleteUpload(key)));
    });
  }

  async function flush(): Promise<void> {
    await start();
    if (ops.length === 0) return;
    return new Promise<void>((resolve, reject) => {
      flushWaiters.push({ resolve, reject });
      void pump();
    });
  }

  return {
    start,
    stop() {
      stopped = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      unsubscribeConnectivity?.();
      unsubscribeConnectivity = null;
    },
    enqueue,
    bind,
    holdForCreate(responseKey) {
      heldForCreate.add(responseKey);
    },
    releaseHold(responseKey) {
      heldForCreate.delete(responseKey);
      void pump();
    },
    createRefused(responseKey, error) {
      heldForCreate.delete(responseKey);
      if (bindings.has(responseKey)) return;
      for (const op of ops.filter((candidate) => candidate.responseKey === responseKey)) drop(op, error, true);
      changed();
    },
    getBinding: (responseKey) => bindings.get(responseKey) ?? null,
    uploadedId: (uploadKey) => uploads.get(uploadKey)?.id ?? null,
    keepaliveSave(responseKey, content) {
      const binding = bindings.get(responseKey);
      if (!binding) return null;
      const seq = nextSeq(responseKey);
      const save: PatchOp = { type: 'save', responseKey, content, id: '', order: 0, seq, attempts: 0, staleResends: 0 };
      const body = toPatchBody(save, seq, resolveContent);
      return { responseCode: binding.code, token: binding.token, body };
    },
    forget,
    flush,
    pendingCount: () => ops.length,
    pending: () => [...ops],
    status: () => ({
      pendingCount: ops.length,
      online: connectivity.isOnline(),
      sending: inFlightId !== null,
      retrying: retryTimer !== null,
      durable,
      lastError,
    }),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
