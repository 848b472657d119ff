import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import type { Content } from '@/lib/survey-format/content';
import type { PatchReply } from '@/lib/api/response-api';
import type {
  CreateResponseBody,
  CreateResponseResult,
  EmailQueueBody,
  PatchResponseBodyInput,
} from '@/lib/survey-format/response';

import { createManualConnectivity, type ManualConnectivity } from './connectivity';
import {
  CompletedElsewhereError,
  createOutbox,
  type Outbox,
  type OutboxOptions,
  OutboxUnboundResponseError,
  StaleSeqError,
} from './outbox';
import { createIdbOutboxRepository } from './outbox-repository';
import type { OutboxEvent, OutboxSender } from './outbox-types';
import { localUploadRef } from './upload-ref';

type Call =
  | { kind: 'create'; surveyCode: string; body: CreateResponseBody }
  | { kind: 'patch'; code: string; body: PatchResponseBodyInput; token: string | null }
  | {
      kind: 'upload';
      responseId: number | null;
      questionId: number;
      hashCode: string;
      fileName: string;
      token: string | null;
    }
  | { kind: 'alert'; code: string; alertId: number }
  | { kind: 'email'; code: string; body: EmailQueueBody };

type Reply = Error | PatchReply | null | undefined;

/** A scripted survey API: each call takes the next scripted reply (an Error is thrown), else succeeds. */
function createFakeSender() {
  const calls: Call[] = [];
  const replies: Reply[] = [];
  let gate: Promise<void> | null = null;
  let nextId = 1;
  let uploads = 0;
  const take = async (): Promise<PatchReply | null> => {
    if (gate) await gate;
    const reply = replies.shift();
    if (reply instanceof Error) throw reply;
    return reply ?? null;
  };
  const sender: OutboxSender = {
    async createResponse(surveyCode, body): Promise<CreateResponseResult> {
      calls.push({ kind: 'create', surveyCode, body });
      await take();
      const id = nextId++;
      return { code: `RC${id}`, id, survey: body.survey, token: `token-${id}` };
    },
    async patchResponse(code, body, token) {
      calls.push({ kind: 'patch', code, body, token });
      return take();
    },
    async uploadFile(fields, _file, fileName, token) {
      calls.push({
        kind: 'upload',
        responseId: fields.response_id,
        questionId: fields.question_id,
        hashCode: fields.hash_code,
        fileName,
        token,
      });
      await take();
      uploads += 1;
      return { id: `up${uploads}`, name: fileName, size: 1, type: 'text/plain' };
    },
    async queueAlert(code, alertId) {
      calls.push({ kind: 'alert', code, alertId });
      await take();
    },
    async queueResponseEmail(code, body) {
      calls.push({ kind: 'email', code, body });
      await take();
    },
  };
  return {
    sender,
    calls,
    replies,
    /** Holds every call until the returned release function runs. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}

const status = (code: number, retryAfterMs?: number) =>
  new ApiError({ key: 'unexpected_error', status: code, retryAfterMs });
const networkError = () => new ApiError({ key: 'unexpected_error', isNetwork: true });

/** Lets IndexedDB (real setImmediate) and promise chains run; fake timers only cover setTimeout and Date. */
async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

const BOUND = { code: 'RC9', id: 9, token: 'tok-9' };
const content = (value: string): Content => ({ '101': [value] });
const patchContents = (calls: Call[]) =>
  calls.flatMap((call) => (call.kind === 'patch' && 'content' in call.body ? [call.body.content['101']?.[0]] : []));
const patchSeqs = (calls: Call[]) => calls.flatMap((call) => (call.kind === 'patch' ? [call.body.seq] : []));

let fake: ReturnType<typeof createFakeSender>;
let connectivity: ManualConnectivity;
let outboxes: Outbox[];

function makeOutbox(overrides: Partial<OutboxOptions> = {}): Outbox {
  const outbox = createOutbox({
    sender: fake.sender,
    connectivity,
    repository: () => createIdbOutboxRepository('demo'),
    random: () => 1,
    ...overrides,
  });
  outboxes.push(outbox);
  return outbox;
}

beforeEach(() => {
  // A fresh browser database per test.
  globalThis.indexedDB = new IDBFactory();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  fake = createFakeSender();
  connectivity = createManualConnectivity(true);
  outboxes = [];
});

afterEach(() => {
  for (const outbox of outboxes) outbox.stop();
  vi.useRealTimers();
});

describe('outbox', () => {
  it('loses nothing when the server answers 503 twice, then succeeds', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    fake.replies.push(status(503), status(503));
    const { settled } = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    expect(fake.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(500); // first backoff (random 1 → full 500 ms)
    await settle();
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000); // second backoff doubles
    await settle();

    await expect(settled).resolves.toEqual({ type: 'save' });
    expect(fake.calls).toHaveLength(3);
    expect(patchContents(fake.calls)).toEqual(['a', 'a', 'a']);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('sends one final state with a higher seq after three saves made offline', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('online') });
    await settle();
    connectivity.setOnline(false);
    for (const value of ['x', 'y', 'z'])
      await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content(value) });
    await settle();
    expect(fake.calls).toHaveLength(1);
    expect(outbox.pendingCount()).toBe(1);

    connectivity.setOnline(true);
    await settle();
    expect(patchContents(fake.calls)).toEqual(['online', 'z']);
    const [first = 0, last = 0] = patchSeqs(fake.calls);
    expect(last).toBeGreaterThan(first);
    expect(fake.calls.every((call) => call.kind === 'patch' && call.token === 'tok-9' && call.code === 'RC9')).toBe(
      true,
    );
  });

  it('honours Retry-After on 429', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    fake.replies.push(status(429, 5000));
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    await settle();
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(fake.calls).toHaveLength(2);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('caps the exponential backoff and retries at once when the browser comes back online', async () => {
    const outbox = makeOutbox({ backoff: { baseMs: 500, capMs: 2000 } });
    await outbox.bind('RC9', BOUND);
    fake.replies.push(networkError(), networkError(), networkError(), networkError());
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    for (const wait of [500, 1000, 2000]) {
      await vi.advanceTimersByTimeAsync(wait);
      await settle();
    }
    expect(fake.calls).toHaveLength(4);
    expect(outbox.status().retrying).toBe(true);

    connectivity.setOnline(false);
    connectivity.setOnline(true);
    await settle();
    expect(fake.calls).toHaveLength(5);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('replays pending operations after a reload (a new outbox over the same database)', async () => {
    connectivity.setOnline(false);
    const before = makeOutbox();
    await before.enqueue({
      type: 'create',
      responseKey: 'local:1',
      surveyCode: 'demo',
      body: { survey: 42, fingerprint: 'fp', client_signature: 'sig', start_date: '2026-01-01T00:00:00.000+00:00' },
    });
    await before.enqueue({ type: 'save', responseKey: 'local:1', content: content('kept') });
    await before.enqueue({
      type: 'finish',
      responseKey: 'local:1',
      content: content('kept'),
      clientSignature: 'sig',
      redirected: false,
    });
    before.stop();
    await settle();

    connectivity.setOnline(true);
    const events: OutboxEvent[] = [];
    const after = makeOutbox();
    after.subscribe((event) => events.push(event));
    await after.start();
    await settle();

    expect(fake.calls.map((call) => call.kind)).toEqual(['create', 'patch', 'patch']);
    expect(
      fake.calls.slice(1).every((call) => call.kind === 'patch' && call.code === 'RC1' && call.token === 'token-1'),
    ).toBe(true);
    expect(events).toContainEqual({
      type: 'created',
      responseKey: 'local:1',
      binding: { code: 'RC1', id: 1, token: 'token-1' },
    });
    expect(after.pendingCount()).toBe(0);

    // Nothing is left to replay a second time.
    const third = makeOutbox();
    await third.start();
    await settle();
    expect(third.pendingCount()).toBe(0);
    expect(fake.calls).toHaveLength(3);
  });

  it('coalesces saves: only the latest content of a response waits, and earlier callers learn when it is sent', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    const release = fake.hold();
    const first = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('1') });
    await settle();
    const second = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('2') });
    const third = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('3') });
    expect(outbox.pendingCount()).toBe(2); // the one on the wire, and the latest
    release();
    await settle();

    expect(patchContents(fake.calls)).toEqual(['1', '3']);
    await expect(Promise.all([first.settled, second.settled, third.settled])).resolves.toHaveLength(3);
    expect(third.seq).toBeGreaterThan(second.seq ?? Infinity);
  });

  it('sends a finish only after every save before it', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    fake.replies.push(status(502));
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await outbox.enqueue({ type: 'expire_partial', responseKey: 'RC9', content: content('a') });
    const finish = await outbox.enqueue({
      type: 'finish',
      responseKey: 'RC9',
      content: content('a'),
      clientSignature: 'sig',
      redirected: true,
    });
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    await expect(finish.settled).resolves.toEqual({ type: 'finish' });

    const bodies = fake.calls.flatMap((call) => (call.kind === 'patch' ? [call.body] : []));
    expect(
      bodies.map((body) =>
        'completed' in body ? 'finish' : 'expired_partial' in body && body.expired_partial ? 'expire' : 'save',
      ),
    ).toEqual(['save', 'save', 'expire', 'finish']);
    expect(bodies.at(-1)).toMatchObject({
      completed: true,
      redirected: true,
      client_signature: 'sig',
      expired_empty: false,
      expired_partial: false,
    });
    expect(patchSeqs(fake.calls.slice(1))).toEqual([1, 2, 3]);
  });

  it('drops a non-retryable 4xx, reports it and rejects flush', async () => {
    const outbox = makeOutbox();
    const events: OutboxEvent[] = [];
    outbox.subscribe((event) => events.push(event));
    await outbox.bind('RC9', BOUND);
    fake.replies.push(status(403));
    const release = fake.hold();
    const save = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    // Caught at once: the rejection happens before the assertion below looks at it.
    const flushed = outbox.flush().then(
      () => 'flushed',
      (error: unknown) => error,
    );
    await settle();
    release();
    await settle();

    await expect(save.settled).rejects.toMatchObject({ status: 403 });
    expect(await flushed).toMatchObject({ status: 403 });
    expect(events.filter((event) => event.type === 'dropped')).toHaveLength(1);
    expect(outbox.status().lastError).toMatchObject({ status: 403 });
    const later = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('b') });
    await settle();
    await expect(later.settled).resolves.toEqual({ type: 'save' });
    expect(outbox.status().lastError).toBeNull();
  });

  it('a finish refused with 409 (finished elsewhere) is no success: it is dropped and said, with what follows', async () => {
    const outbox = makeOutbox();
    const events: OutboxEvent[] = [];
    outbox.subscribe((event) => events.push(event));
    await outbox.bind('RC9', BOUND);
    fake.replies.push(status(409));
    const finish = await outbox.enqueue({
      type: 'finish',
      responseKey: 'RC9',
      content: content('a'),
      clientSignature: 's',
      redirected: false,
    });
    const email = await outbox.enqueue({
      type: 'email',
      responseKey: 'RC9',
      body: { email: 'a@example.com', template: null, subject: null, email_config: {}, attach_excel: false },
    });
    await settle();
    await expect(finish.settled).rejects.toMatchObject({ status: 409 });
    await expect(email.settled).rejects.toMatchObject({ status: 409 });
    expect(events).toContainEqual({ type: 'completed_elsewhere', responseKey: 'RC9' });
    expect(fake.calls).toHaveLength(1);
  });

  it('a save answered "completed" by another backend stops the response and says so', async () => {
    const outbox = makeOutbox();
    const events: OutboxEvent[] = [];
    outbox.subscribe((event) => events.push(event));
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 1, completed: true });
    const save = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    await expect(save.settled).rejects.toBeInstanceOf(CompletedElsewhereError);
    expect(events).toContainEqual({ type: 'completed_elsewhere', responseKey: 'RC9' });
  });

  it('drops the operations of a response whose create failed permanently', async () => {
    const outbox = makeOutbox();
    fake.replies.push(status(409));
    const create = await outbox.enqueue({
      type: 'create',
      responseKey: 'local:2',
      surveyCode: 'demo',
      body: { survey: 1, fingerprint: 'f', client_signature: 's', start_date: 'd' },
    });
    const save = await outbox.enqueue({ type: 'save', responseKey: 'local:2', content: content('a') });
    await settle();
    await expect(create.settled).rejects.toMatchObject({ status: 409 });
    await expect(save.settled).rejects.toMatchObject({ status: 409 });
    expect(fake.calls).toHaveLength(1);
  });

  it('uploads a file once the response exists, keyed by the browser, and puts its id where the answer refers to it', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue({
      type: 'create',
      responseKey: 'local:3',
      surveyCode: 'demo',
      body: { survey: 1, fingerprint: 'f', client_signature: 's', start_date: 'd' },
    });
    const upload = await outbox.enqueue({
      type: 'upload',
      responseKey: 'local:3',
      uploadKey: 'KEY1234567890123456',
      surveyId: 1,
      questionId: 101,
      file: new Blob(['hello'], { type: 'text/plain' }),
      fileName: 'a.txt',
    });
    await outbox.enqueue({
      type: 'save',
      responseKey: 'local:3',
      content: { '101': [localUploadRef('KEY1234567890123456'), localUploadRef('NEVER-STORED-KEY-123')] },
    });
    await settle();
    await expect(upload.settled).resolves.toMatchObject({ type: 'upload', upload: { id: 'up1' } });
    expect(fake.calls[1]).toEqual({
      kind: 'upload',
      responseId: 1,
      questionId: 101,
      hashCode: 'KEY1234567890123456',
      fileName: 'a.txt',
      token: 'token-1',
    });
    // The server never sees a local reference: the stored file by its id, one never stored left out.
    expect(fake.calls[2]).toMatchObject({ kind: 'patch', body: { content: { '101': ['up1'] } } });
    expect(outbox.uploadedId('KEY1234567890123456')).toBe('up1');
  });

  it('keeps a file picked offline across a reload and sends it on reconnect', async () => {
    connectivity.setOnline(false);
    const before = makeOutbox();
    await before.bind('RC9', BOUND);
    await before.enqueue({
      type: 'upload',
      responseKey: 'RC9',
      uploadKey: 'OFFLINEKEY1234567890',
      surveyId: 1,
      questionId: 7,
      file: new Blob(['bytes'], { type: 'application/pdf' }),
      fileName: 'cv.pdf',
    });
    before.stop();
    const after = makeOutbox();
    await after.start();
    expect(after.pending()).toMatchObject([{ type: 'upload', fileName: 'cv.pdf' }]);
    connectivity.setOnline(true);
    await settle();
    expect(fake.calls).toMatchObject([{ kind: 'upload', responseId: 9, hashCode: 'OFFLINEKEY1234567890' }]);
    expect(after.pendingCount()).toBe(0);
  });

  it('sends alerts and e-mails in order, after the create they depend on', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue({
      type: 'create',
      responseKey: 'local:4',
      surveyCode: 'demo',
      body: { survey: 1, fingerprint: 'f', client_signature: 's', start_date: 'd' },
    });
    await outbox.enqueue({ type: 'alert', responseKey: 'local:4', alertId: 3, alert: { id: 3, page_id: 1 } });
    await settle();
    expect(fake.calls.map((call) => call.kind)).toEqual(['create', 'alert']);
    expect(fake.calls[1]).toEqual({ kind: 'alert', code: 'RC1', alertId: 3 });
  });

  it("keeps each survey's queue apart: an outbox loads only its own survey's operations", async () => {
    connectivity.setOnline(false);
    const other = makeOutbox({ repository: () => createIdbOutboxRepository('other') });
    await other.bind('RC9', BOUND);
    await other.enqueue({ type: 'save', responseKey: 'RC9', content: content('other survey') });
    other.stop();
    const mine = makeOutbox();
    await mine.start();
    expect(mine.pendingCount()).toBe(0);
  });

  it("adopts the seq a PATCH answer carries: the next save goes above the server's", async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 1, completed: false });
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    const reserved = outbox.keepaliveSave('RC9', content('b'));
    expect(reserved).toEqual({
      responseCode: 'RC9',
      token: 'tok-9',
      body: { seq: 2, content: content('b'), expired_empty: false, expired_partial: false },
    });
    expect(outbox.keepaliveSave('unbound', content('b'))).toBeNull();
  });

  it('gives up on a backend that keeps claiming a newer seq, and says so instead of counting it sent', async () => {
    const outbox = makeOutbox({ maxStaleResends: 1 });
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 40, completed: false }, { seq: 99, completed: false });
    const save = await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    await expect(save.settled).rejects.toBeInstanceOf(StaleSeqError);
    expect(outbox.status().lastError).toBeInstanceOf(StaleSeqError);
  });

  it('resends with a fresh seq when the server answers that it already has a newer one', async () => {
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 40, completed: false });
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    expect(patchSeqs(fake.calls)).toEqual([1, 41]);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('rebases a save refused as behind in seq before sending it again, never its old copy', async () => {
    const rebase = vi.fn(async () => content('merged'));
    const outbox = makeOutbox({ rebase });
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 40, completed: false });
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    expect(rebase).toHaveBeenCalledWith(content('a'), 'RC9');
    expect(patchContents(fake.calls)).toEqual(['a', 'merged']);
    expect(patchSeqs(fake.calls)).toEqual([1, 41]);
  });

  it.each(['finish', 'expire_partial'] as const)(
    'rebases a %s refused as behind in seq: sent as it was, it would write over another device',
    async (type) => {
      const rebase = vi.fn(async () => content('merged'));
      const outbox = makeOutbox({ rebase });
      await outbox.bind('RC9', BOUND);
      fake.replies.push({ seq: 40, completed: false });
      const op =
        type === 'finish'
          ? { type, responseKey: 'RC9', content: content('a'), clientSignature: 'sig', redirected: false }
          : { type, responseKey: 'RC9', content: content('a') };
      const enqueued = await outbox.enqueue(op);
      await settle();
      await expect(enqueued.settled).resolves.toEqual({ type });
      expect(rebase).toHaveBeenCalledWith(content('a'), 'RC9');
      expect(patchContents(fake.calls)).toEqual(['a', 'merged']);
      expect(patchSeqs(fake.calls)).toEqual([1, 41]);
    },
  );

  it('a rebase that fails (offline) waits and tries again: the old copy is not sent meanwhile', async () => {
    const rebase = vi.fn<OutboxOptions['rebase'] & {}>().mockRejectedValueOnce(networkError());
    rebase.mockResolvedValue(content('merged'));
    const outbox = makeOutbox({ rebase });
    await outbox.bind('RC9', BOUND);
    fake.replies.push({ seq: 40, completed: false });
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    expect(patchContents(fake.calls)).toEqual(['a']);
    expect(outbox.pendingCount()).toBe(1);
    await vi.runAllTimersAsync();
    await settle();
    expect(patchContents(fake.calls)).toEqual(['a', 'merged']);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('a save found behind is still rebased after a reload: the old copy is never sent', async () => {
    const first = makeOutbox({ rebase: vi.fn(async () => Promise.reject(networkError())) });
    await first.bind('RC9', BOUND);
    fake.replies.push({ seq: 40, completed: false });
    await first.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    first.stop();
    const rebase = vi.fn(async () => content('merged'));
    const reloaded = makeOutbox({ rebase });
    await reloaded.start();
    await settle();
    expect(rebase).toHaveBeenCalledWith(content('a'), 'RC9');
    expect(patchContents(fake.calls)).toEqual(['a', 'merged']);
    expect(reloaded.pendingCount()).toBe(0);
  });

  it('falls back to memory and says so when IndexedDB is unavailable', async () => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
    const events: OutboxEvent[] = [];
    const outbox = makeOutbox();
    outbox.subscribe((event) => events.push(event));
    await outbox.bind('RC9', BOUND);
    await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('a') });
    await settle();
    expect(outbox.status().durable).toBe(false);
    expect(events.some((event) => event.type === 'not_durable')).toBe(true);
    expect(patchContents(fake.calls)).toEqual(['a']);
  });

  describe('a response created outside the queue (tried directly, or replayed after a reload)', () => {
    const upload = (responseKey: string, uploadKey = 'HELDKEY1234567890123') =>
      ({
        type: 'upload',
        responseKey,
        uploadKey,
        surveyId: 1,
        questionId: 7,
        file: new Blob(['bytes'], { type: 'text/plain' }),
        fileName: 'notes.txt',
      }) as const;
    const CREATE_BODY = { survey: 1, fingerprint: 'f', client_signature: 's', start_date: 'd' };

    it('holds its operations, neither sent nor dropped, while the others go on; sends them once it is bound', async () => {
      const outbox = makeOutbox();
      outbox.holdForCreate('local:5');
      const held = await outbox.enqueue(upload('local:5'));
      await outbox.bind('RC9', BOUND);
      await outbox.enqueue({ type: 'save', responseKey: 'RC9', content: content('other') });
      await settle();
      expect(fake.calls.map((call) => call.kind)).toEqual(['patch']);
      expect(outbox.pending()).toMatchObject([{ type: 'upload', responseKey: 'local:5' }]);

      await outbox.bind('local:5', { code: 'RC5', id: 5, token: 'tok-5' });
      await settle();
      await expect(held.settled).resolves.toMatchObject({ type: 'upload', upload: { id: 'up1' } });
      expect(fake.calls[1]).toMatchObject({ kind: 'upload', responseId: 5, token: 'tok-5' });
      expect(outbox.uploadedId('HELDKEY1234567890123')).toBe('up1');
    });

    it('a reload keeps what was held: held again before the queue loads, it waits for the binding', async () => {
      const before = makeOutbox();
      before.holdForCreate('local:6');
      await before.enqueue(upload('local:6'));
      before.stop();

      const after = makeOutbox();
      after.holdForCreate('local:6');
      await after.start();
      await settle();
      expect(after.pending()).toMatchObject([{ type: 'upload', responseKey: 'local:6', fileName: 'notes.txt' }]);
      expect(fake.calls).toHaveLength(0);
      await after.bind('local:6', { code: 'RC6', id: 6, token: 'tok-6' });
      await settle();
      expect(fake.calls).toMatchObject([{ kind: 'upload', responseId: 6, hashCode: 'HELDKEY1234567890123' }]);
    });

    it('drops what was held once the hold ends with no response bound or being created', async () => {
      const outbox = makeOutbox();
      outbox.holdForCreate('local:7');
      const held = await outbox.enqueue(upload('local:7'));
      await settle();
      expect(outbox.pendingCount()).toBe(1);
      outbox.releaseHold('local:7');
      await settle();
      await expect(held.settled).rejects.toBeInstanceOf(OutboxUnboundResponseError);
      expect(fake.calls).toHaveLength(0);
      expect(outbox.pendingCount()).toBe(0);
    });

    it('a create refused for good takes what was held with it, and leaves saying so to whoever made it', async () => {
      const outbox = makeOutbox();
      const events: OutboxEvent[] = [];
      outbox.subscribe((event) => events.push(event));
      outbox.holdForCreate('local:7');
      const held = await outbox.enqueue(upload('local:7'));
      const refusal = status(409);
      outbox.createRefused('local:7', refusal);
      await expect(held.settled).rejects.toBe(refusal);
      expect(events).toContainEqual(expect.objectContaining({ type: 'dropped', error: refusal }));
      expect(outbox.pendingCount()).toBe(0);
      expect(outbox.status().lastError).toBeNull();
      await settle();
      expect(fake.calls).toHaveLength(0);
      expect(await createIdbOutboxRepository('demo').load()).toMatchObject({ ops: [] });
    });

    it('what was held goes after the create queued later for the same response (the direct one failed for now)', async () => {
      const outbox = makeOutbox();
      outbox.holdForCreate('local:8');
      await outbox.enqueue(upload('local:8'));
      await outbox.enqueue({ type: 'create', responseKey: 'local:8', surveyCode: 'demo', body: CREATE_BODY });
      outbox.releaseHold('local:8');
      await settle();
      expect(fake.calls.map((call) => call.kind)).toEqual(['create', 'upload']);
      expect(fake.calls[1]).toMatchObject({ kind: 'upload', responseId: 1 });
      expect(outbox.pendingCount()).toBe(0);
    });

    it('forgets the response under its local id too once it is finished', async () => {
      const outbox = makeOutbox();
      await outbox.bind('local:9', BOUND);
      await outbox.bind('RC9', BOUND);
      await outbox.enqueue(upload('local:9'));
      await settle();
      expect(outbox.uploadedId('HELDKEY1234567890123')).toBe('up1');
      await outbox.forget('RC9');
      expect(outbox.getBinding('local:9')).toBeNull();
      expect(outbox.uploadedId('HELDKEY1234567890123')).toBeNull();
      outbox.stop();
      const reloaded = makeOutbox();
      await reloaded.start();
      expect(reloaded.getBinding('local:9')).toBeNull();
    });
  });

  it('sends nothing while offline and flush waits for the connection', async () => {
    connectivity.setOnline(false);
    const outbox = makeOutbox();
    await outbox.bind('RC9', BOUND);
    await outbox.enqueue({ type: 'expire_empty', responseKey: 'RC9' });
    let flushed = false;
    void outbox.flush().then(() => {
      flushed = true;
    });
    await settle();
    expect(fake.calls).toHaveLength(0);
    expect(flushed).toBe(false);
    connectivity.setOnline(true);
    await settle();
    expect(flushed).toBe(true);
    expect(fake.calls[0]).toMatchObject({ kind: 'patch', body: { expired_empty: true, seq: 1 } });
  });
});
