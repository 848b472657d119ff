// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import type { SurveyApi } from '@/lib/api/survey-api';
import type { CreateResponseBody, PatchResponseBodyInput, UploadFields } from '@/lib/survey-format/response';
import { surveySchema } from '@/lib/survey-format/survey';
import { createGlobalStore } from '@/stores/global-store';
import { createSurveyStore } from '@/stores/survey-store';

import { createManualConnectivity } from './outbox/connectivity';
import type { OutboxRepository, OutboxSnapshot } from './outbox/outbox-repository';
import type { OutboxOp, ResponseBinding } from './outbox/outbox-types';
import { uploadKeyOf } from './outbox/upload-ref';
import { createMemoryStorage, type MemoryStorage } from './persistence/memory-storage';
import { createSafeStorage } from './persistence/safe-storage';
import { createResponseSession, type SessionState } from './response-session';

const survey = surveySchema.parse({
  survey_id: 4,
  pages: [{ id: 1, widgets: [{ id: 11, is_question: true, subtype: 'freetext_input', title: 'Name' }] }],
});

/** A repository that keeps nothing: each test starts from an empty queue. */
const nowhere: OutboxRepository = {
  load: async () => ({ ops: [], bindings: {}, seqs: {}, uploads: {} }),
  putOp: async () => {},
  deleteOp: async () => {},
  putBinding: async () => {},
  deleteBinding: async () => {},
  putSeq: async () => {},
  putUpload: async () => {},
  deleteUpload: async () => {},
};

/** IndexedDB as the next page load finds it: what a repository over it keeps outlives the session that wrote it. */
function createKeptRepository() {
  const ops = new Map<string, OutboxOp>();
  const bindings = new Map<string, ResponseBinding>();
  const repository: OutboxRepository = {
    load: async (): Promise<OutboxSnapshot> => ({
      ops: [...ops.values()],
      bindings: Object.fromEntries(bindings),
      seqs: {},
      uploads: {},
    }),
    putOp: async (op) => void ops.set(op.id, { ...op }),
    deleteOp: async (id) => void ops.delete(id),
    putBinding: async (key, binding) => void bindings.set(key, binding),
    deleteBinding: async (key) => void bindings.delete(key),
    putSeq: async () => {},
    putUpload: async () => {},
    deleteUpload: async () => {},
  };
  return { repository, ops };
}

interface SetupOptions {
  /** The browser's storage, shared by the sessions of one test as by the page loads of one browser. */
  backing?: MemoryStorage;
  repository?: OutboxRepository;
  /** The create answers once this settles (rejected: with its error). */
  createSettles?: Promise<void>;
}

function setup(setupOptions: SetupOptions = {}) {
  const calls: string[] = [];
  const uploads: UploadFields[] = [];
  const creates: CreateResponseBody[] = [];
  const patches: PatchResponseBodyInput[] = [];
  const api = {
    createResponse: vi.fn(
      async (_code: string, body: CreateResponseBody, options?: { accessToken?: string | null }) => {
        creates.push(body);
        calls.push(`create:${options?.accessToken ?? ''}`);
        await setupOptions.createSettles;
        return { code: 'RC1', id: 1, survey: 4, token: 'tok' };
      },
    ),
    patchResponse: vi.fn(async (_code: string, body: PatchResponseBodyInput) => {
      patches.push(body);
      calls.push(
        'completed' in body ? 'finish' : 'expired_partial' in body && body.expired_partial ? 'expire' : 'save',
      );
      return { seq: body.seq, completed: 'completed' in body };
    }),
    getResponse: vi.fn(),
    uploadFile: vi.fn(async (fields: UploadFields) => {
      uploads.push(fields);
      calls.push('upload');
      return { id: 'F1' };
    }),
    queueAlert: vi.fn(async () => void calls.push('alert')),
    queueResponseEmail: vi.fn(async () => void calls.push('email')),
  } as unknown as SurveyApi;
  const stores = {
    survey: createSurveyStore({ surveyCode: 'demo', shareConfig: survey.share_config, persistence: null }),
    global: createGlobalStore(),
  };
  const connectivity = createManualConnectivity(true);
  const keepalive: Array<{ url: string; init: RequestInit }> = [];
  const session = createResponseSession({
    surveyCode: 'demo',
    readOnly: false,
    api,
    apiBaseUrl: 'https://api.example/api/',
    accessToken: () => 'gate-token',
    stores,
    storage: createSafeStorage(setupOptions.backing ?? createMemoryStorage()),
    connectivity,
    locks: null,
    outbox: { repository: setupOptions.repository ?? nowhere },
    keepaliveFetch: async (url, init) => keepalive.push({ url, init }),
  });
  const onWriter = vi.fn();
  const start = () =>
    session.start({
      survey,
      urlParams: {},
      customFields: {},
      resumeCode: null,
      onWriter,
      givenAnswers: () => new Set(['11']),
      prune: (content) => content,
    });
  const opened = () =>
    new Promise<SessionState>((resolve) => {
      if (session.state().kind === 'open') resolve(session.state());
      session.subscribe((state) => state.kind === 'open' && resolve(state));
    });
  return { session, stores, calls, creates, patches, uploads, keepalive, connectivity, onWriter, start, opened };
}

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('response session', () => {
  it("becomes the writer, restores, then opens with the gate's token; answers given meanwhile win", async () => {
    const h = setup();
    h.stores.survey.getState().setAnswer(11, ['typed before']);
    h.start();
    await h.opened();
    expect(h.onWriter).toHaveBeenCalledOnce();
    expect(h.calls[0]).toBe('create:gate-token');
    expect(h.creates[0]?.client_key).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(h.stores.survey.getState().responses['11']).toEqual(['typed before']);
  });

  it('sends the finish after every save, and no save after it', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    h.calls.length = 0;
    h.stores.survey.getState().setAnswer(11, ['last']);
    expect(await h.session.finish({ '11': ['last'] }, false)).toEqual({ kind: 'finished' });
    h.stores.survey.getState().setAnswer(11, ['too late']);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await settle();
    expect(h.calls).toEqual(['save', 'finish']);
  });

  it('hands the latest answers to a keepalive PATCH when the page goes away', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    h.stores.survey.getState().setAnswer(11, ['unsent']);
    window.dispatchEvent(new Event('pagehide'));
    expect(h.keepalive).toHaveLength(1);
    const [{ url, init }] = h.keepalive as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://api.example/api/v1/survey-response/RC1/');
    expect(init).toMatchObject({ method: 'PATCH', keepalive: true, credentials: 'include' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toMatchObject({ content: { '11': ['unsent'] }, expired_partial: false });
  });

  it('uploads a file picked while the response is being opened, once it is open', async () => {
    const h = setup();
    h.start();
    const reference = h.session.queueUpload({ questionId: 11, file: new Blob(['x']), fileName: 'a.txt' });
    await h.opened();
    await reference;
    await settle();
    expect(h.calls).toEqual(['create:gate-token', 'upload']);
  });

  it('sends the answers as they are (a file removed) before a new file, so the server knows what the answer holds', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    h.calls.length = 0;
    h.stores.survey.getState().setAnswer(11, []);
    await h.session.queueUpload({ questionId: 11, file: new Blob(['x']), fileName: 'b.txt' });
    await settle();
    expect(h.calls).toEqual(['save', 'upload']);
  });

  describe('a file picked while the response is being created', () => {
    const pick = (h: ReturnType<typeof setup>) =>
      h.session.queueUpload({ questionId: 11, file: new Blob(['x']), fileName: 'a.txt' });

    it('is kept in the outbox at once, then uploaded to the created response, whose save names its id', async () => {
      const kept = createKeptRepository();
      let answerCreate = () => {};
      const h = setup({
        repository: kept.repository,
        createSettles: new Promise<void>((resolve) => {
          answerCreate = resolve;
        }),
      });
      h.start();
      await settle();
      expect(h.creates).toHaveLength(1);
      const ref = await pick(h);
      expect([...kept.ops.values()]).toMatchObject([
        { type: 'upload', responseKey: expect.stringMatching(/^local:/), uploadKey: uploadKeyOf(ref) },
      ]);
      expect(h.session.describeUpload(ref)).toEqual({ name: 'a.txt', state: 'pending' });
      // As the file question does once the file is kept.
      h.stores.survey.getState().setAnswer(11, [ref]);

      answerCreate();
      await h.opened();
      await settle();
      expect(h.uploads).toMatchObject([{ response_id: 1, question_id: 11, hash_code: uploadKeyOf(ref) }]);
      expect(h.patches.at(-1)).toMatchObject({ content: { '11': ['F1'] } });
      expect(kept.ops.size).toBe(0);
    });

    it('survives a reload: the create is replayed with the same client key, then the file is uploaded', async () => {
      const backing = createMemoryStorage();
      const kept = createKeptRepository();
      // The page closes with the create on the wire: its answer never comes.
      const first = setup({ backing, repository: kept.repository, createSettles: new Promise<void>(() => {}) });
      first.start();
      await settle();
      const ref = await pick(first);
      first.session.dispose();

      const second = setup({ backing, repository: kept.repository });
      // As the survey store restores it: the answer holding the file was stored when it was given.
      second.stores.survey.getState().setAnswer(11, [ref]);
      second.start();
      await second.opened();
      await settle();
      expect(second.creates.map((body) => body.client_key)).toEqual([first.creates[0]?.client_key]);
      expect(second.uploads).toMatchObject([{ response_id: 1, question_id: 11, hash_code: uploadKeyOf(ref) }]);
      expect(second.patches.at(-1)).toMatchObject({ content: { '11': ['F1'] } });
    });
  });

  it('leaving with patience: a finish not confirmed in time is handed to a keepalive request', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    h.connectivity.setOnline(false);
    expect(await h.session.finish({ '11': ['done'] }, true, null, 20)).toEqual({ kind: 'pending' });
    expect(h.keepalive).toHaveLength(1);
    const [{ init }] = h.keepalive as [{ url: string; init: RequestInit }];
    expect(JSON.parse(String(init.body))).toMatchObject({ completed: true, content: { '11': ['done'] } });
  });

  const EMAIL = { email: 'a@example.com', template: 3, subject: null, email_config: {}, attach_excel: false };

  it('sends the response e-mail queued with the finish, after it', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    expect(await h.session.finish({ '11': ['done'] }, false, EMAIL)).toEqual({ kind: 'finished' });
    await settle();
    expect(h.calls.slice(-2)).toEqual(['finish', 'email']);
  });

  it('counts the keepalive cap in bytes: an answer in Arabic over 64 KiB is left for the next visit', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    // 40 000 letters, 80 000 bytes: under the cap in letters, over it in bytes, as browsers count.
    h.stores.survey.getState().setAnswer(11, ['ش'.repeat(40_000)]);
    window.dispatchEvent(new Event('pagehide'));
    expect(h.keepalive).toHaveLength(0);
  });

  it('before leaving, waits for what is queued, then hands the rest to keepalive requests', async () => {
    const h = setup();
    h.start();
    await h.opened();
    await settle();
    h.connectivity.setOnline(false);
    void h.session.finish({ '11': ['done'] }, true, EMAIL);
    await settle();
    expect(await h.session.settleBeforeLeaving(10)).toBe(false);
    expect(h.keepalive.map((request) => [request.init.method, request.url])).toEqual([
      ['PATCH', 'https://api.example/api/v1/survey-response/RC1/'],
      ['POST', 'https://api.example/api/v1/survey-email-response-queue/RC1/'],
    ]);
  });
});
