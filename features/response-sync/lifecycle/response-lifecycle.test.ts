import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import { exampleSurvey } from '@/lib/survey-format/example-survey';
import {
  type CreateResponseBody,
  type CreateResponseResult,
  type GetResponseParams,
  type PatchResponseBodyInput,
  type ResponseRead,
  responseReadSchema,
} from '@/lib/survey-format/response';
import { type Survey, surveySchema } from '@/lib/survey-format/survey';

import { createManualConnectivity, type ManualConnectivity } from '../outbox/connectivity';
import { createOutbox, type Outbox } from '../outbox/outbox';
import { createIdbOutboxRepository } from '../outbox/outbox-repository';
import type { OutboxSender } from '../outbox/outbox-types';
import { uploadKeyOf } from '../outbox/upload-ref';
import { createMemoryStorage, type MemoryStorage } from '../persistence/memory-storage';
import { createSafeStorage } from '../persistence/safe-storage';

import {
  createResponseLifecycle,
  type LifecycleEvent,
  type OpenResponseInput,
  type ResponseLifecycle,
} from './response-lifecycle';

const CODE = 'demo';

function makeSurvey(
  overrides: {
    multiple_responses?: boolean;
    multiple_responses_time?: number | null;
    is_open?: boolean;
    error_message?: string | null;
  } = {},
): Survey {
  return surveySchema.parse({
    ...exampleSurvey,
    is_open: overrides.is_open ?? true,
    config: { ...exampleSurvey.config, error_message: overrides.error_message ?? null },
    share_config: {
      ...exampleSurvey.share_config,
      multiple_responses: overrides.multiple_responses ?? true,
      multiple_responses_time: overrides.multiple_responses_time ?? null,
    },
  });
}

type GetReply = ResponseRead | Error;
type CreateReply = CreateResponseResult | Error;

interface Harness {
  backing: MemoryStorage;
  connectivity: ManualConnectivity;
  outbox: Outbox;
  lifecycle: ResponseLifecycle;
  gets: Array<{ code: string; token: string | null | undefined; params: GetResponseParams | undefined }>;
  creates: CreateResponseBody[];
  patches: Array<{ code: string; body: PatchResponseBodyInput; token: string | null }>;
  getReplies: GetReply[];
  createReplies: CreateReply[];
  patchReplies: Array<Error | { seq: number; completed: boolean } | undefined>;
  uploads: Array<{ hashCode: string; fileName: string; responseId: number | null }>;
  /** Every write the server took, in order: `finish`, `save` and the like, `email`. */
  writes: string[];
  /** What the lifecycle waited, in ms, before reading a response again. */
  waits: number[];
  /** What happens on the device while a create or read is out, one per request (the respondent answering). */
  whileRequesting: Array<() => void>;
  /** Keeps every create on the wire until the returned function runs. */
  holdCreates(): () => void;
}

/** This device's response, as stored: its code, id and write token. */
const OWN_RESPONSE = {
  'survey-demo-response-code': 'RC-OLD',
  'survey-demo-response-id': '5',
  'survey-demo-response-token': 'tok-old',
};

function read(fields: Record<string, unknown>): ResponseRead {
  return responseReadSchema.parse({ code: 'RC-OLD', id: 5, ...fields });
}

function setup(initial: Record<string, string> = {}, online = true): Harness {
  const backing = createMemoryStorage(initial);
  const storage = createSafeStorage(backing);
  const connectivity = createManualConnectivity(online);
  const h: Pick<
    Harness,
    | 'gets'
    | 'creates'
    | 'patches'
    | 'getReplies'
    | 'createReplies'
    | 'patchReplies'
    | 'uploads'
    | 'writes'
    | 'waits'
    | 'whileRequesting'
  > = {
    writes: [],
    waits: [],
    whileRequesting: [],
    uploads: [],
    gets: [],
    creates: [],
    patches: [],
    getReplies: [],
    createReplies: [],
    patchReplies: [],
  };
  let created = 0;
  let createsHeld: Promise<void> | null = null;
  const createResponse = async (_surveyCode: string, body: CreateResponseBody): Promise<CreateResponseResult> => {
    h.creates.push(body);
    h.whileRequesting.shift()?.();
    if (createsHeld) await createsHeld;
    const reply = h.createReplies.shift();
    if (reply instanceof Error) throw reply;
    created += 1;
    return reply ?? { code: `RC-NEW-${created}`, id: 100 + created, survey: body.survey, token: `tok-new-${created}` };
  };
  const sender: OutboxSender = {
    createResponse,
    async patchResponse(code, body, token) {
      h.patches.push({ code, body, token });
      const reply = h.patchReplies.shift();
      if (reply instanceof Error) throw reply;
      h.writes.push('completed' in body ? 'finish' : 'patch');
      return reply ?? null;
    },
    async uploadFile(fields, _file, fileName) {
      h.uploads.push({ hashCode: fields.hash_code, fileName, responseId: fields.response_id });
      return { id: `UP${h.uploads.length}`, name: fileName, size: 1, type: 'text/plain' };
    },
    async queueAlert() {},
    async queueResponseEmail() {
      h.writes.push('email');
    },
  };
  const outbox = createOutbox({ sender, connectivity, repository: () => createIdbOutboxRepository(CODE) });
  const lifecycle = createResponseLifecycle({
    surveyCode: CODE,
    storage,
    outbox,
    connectivity,
    createLocalId: () => 'local:test',
    createClientKey: () => 'clientkey-0123456789',
    now: () => 1_000_000,
    wait: async (ms) => {
      h.waits.push(ms);
    },
    api: {
      createResponse,
      async getResponse(code, options = {}) {
        h.gets.push({ code, token: options.token, params: options.params });
        h.whileRequesting.shift()?.();
        const reply = h.getReplies.shift();
        if (!reply) throw new ApiError({ key: 'not_found', status: 404 });
        if (reply instanceof Error) throw reply;
        return reply;
      },
    },
  });
  const holdCreates = (): (() => void) => {
    let release = () => {};
    createsHeld = new Promise<void>((resolve) => {
      release = () => {
        createsHeld = null;
        resolve();
      };
    });
    return release;
  };
  return { backing, connectivity, outbox, lifecycle, holdCreates, ...h };
}

function input(survey: Survey, overrides: Partial<OpenResponseInput> = {}): OpenResponseInput {
  return {
    survey,
    mode: 'response',
    fingerprint: 'fp',
    clientSignature: 'sig',
    urlParams: { src: 'mail' },
    customFields: { dept: 'sales' },
    now: new Date(1_000_000),
    ...overrides,
  };
}

async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

const stored = (h: Harness) => Object.fromEntries(h.backing.entries);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('openResponse', () => {
  it('read-only mode writes nothing and works from local in-memory content', async () => {
    const h = setup({ 'survey-demo': '{"101":["1"]}' });
    const result = await h.lifecycle.openResponse(input(makeSurvey(), { mode: 'readOnly' }));
    expect(result).toMatchObject({
      kind: 'read_only',
      content: { 'custom_field:dept': ['sales'], 'url_param:src': ['mail'] },
    });
    expect(await h.lifecycle.saveAnswers({ '101': ['2'] })).toBeNull();
    expect(await h.lifecycle.finishResponse({ content: {} })).toEqual({ kind: 'read_only' });
    expect(stored(h)).toEqual({ 'survey-demo': '{"101":["1"]}' });
    expect(h.creates).toHaveLength(0);
    expect(h.outbox.pendingCount()).toBe(0);
  });

  it('creates a new response whose content starts cleared except custom fields and URL parameters', async () => {
    const h = setup({ 'survey-demo': '{"101":["1"],"custom_field:team":["a"],"url_param:old":["x"]}' });
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    const content = {
      '101': [],
      'custom_field:team': ['a'],
      'url_param:old': ['x'],
      'custom_field:dept': ['sales'],
      'url_param:src': ['mail'],
    };
    expect(result).toMatchObject({
      kind: 'ready',
      responseCode: 'RC-NEW-1',
      responseId: 101,
      token: 'tok-new-1',
      content,
      provisional: false,
      resumed: false,
    });
    expect(h.creates[0]).toMatchObject({ survey: 42, fingerprint: 'fp', client_signature: 'sig', content });
    expect(h.creates[0]?.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(stored(h)).toMatchObject({
      'survey-demo-response-code': 'RC-NEW-1',
      'survey-demo-response-id': '101',
      'survey-demo-response-token': 'tok-new-1',
    });
    expect(JSON.parse(stored(h)['survey-demo'] ?? 'null')).toEqual(content);
  });

  it('resumes a stored response by its code with the stored token, keeping this device’s answers', async () => {
    const h = setup({
      'survey-demo': '{"101":["local"]}',
      ...OWN_RESPONSE,
      'survey-demo-seq': '7',
    });
    h.getReplies.push(read({ content: { '101': ['server'] }, start_date: '2026-01-01T00:00:00.000+00:00' }));
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(h.gets[0]).toMatchObject({
      code: 'RC-OLD',
      token: 'tok-old',
      params: { survey: 42, fingerprint: 'fp', client_signature: 'sig' },
    });
    expect(result).toMatchObject({
      kind: 'ready',
      responseCode: 'RC-OLD',
      token: 'tok-old',
      resumed: true,
      content: { '101': ['local'], 'url_param:src': ['mail'] },
    });
    expect(h.creates).toHaveLength(0);

    await h.lifecycle.saveAnswers({ '101': ['next'] });
    await settle();
    expect(h.patches[0]).toMatchObject({
      code: 'RC-OLD',
      token: 'tok-old',
      body: { seq: 8, content: { '101': ['next'] } },
    });
    expect(stored(h)['survey-demo-seq']).toBe('8');
  });

  it('opens a response with the custom fields the server holds for it; those given on this visit win', async () => {
    const h = setup();
    h.getReplies.push(
      read({ code: 'RC-LINK', content: { '101': ['1'] }, custom_fields: { name: 'Ana', dept: 'hr', empty: '' } }),
    );
    const result = await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }));
    expect(result).toMatchObject({
      kind: 'ready',
      content: { '101': ['1'], 'custom_field:name': ['Ana'], 'custom_field:dept': ['sales'] },
    });
    if (result.kind !== 'ready') throw new Error('not ready');
    expect(result.content).not.toHaveProperty('custom_field:empty');
    expect(JSON.parse(stored(h)['survey-demo'] ?? '{}')).toMatchObject({ 'custom_field:name': ['Ana'] });
  });

  it('opens its own response with what another device saved since, and what it changed itself over that', async () => {
    const h = setup({
      'survey-demo': '{"101":["A-name"],"102":["a@example.com"],"103":["changed here"]}',
      ...OWN_RESPONSE,
      'survey-demo-seq': '2',
      'survey-demo-server-content': '{"101":["A-name"],"102":["a@example.com"]}',
    });
    // The resume link's device answered more, above this device's seq.
    h.getReplies.push(read({ content: { '101': ['A-name'], '102': ['b@example.com'], '201': ['3'] }, seq: 5 }));
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(result).toMatchObject({
      kind: 'ready',
      content: { '101': ['A-name'], '102': ['b@example.com'], '201': ['3'], '103': ['changed here'] },
    });
    expect(JSON.parse(stored(h)['survey-demo-server-content'] ?? '{}')).toEqual({
      '101': ['A-name'],
      '102': ['b@example.com'],
      '201': ['3'],
    });
  });

  it('knows what the server holds once it took a save: the base of a later merge', async () => {
    const h = setup({
      'survey-demo': '{"101":["1"]}',
      ...OWN_RESPONSE,
      'survey-demo-seq': '1',
    });
    h.getReplies.push(read({ content: { '101': ['1'] }, seq: 1 }));
    await h.lifecycle.openResponse(input(makeSurvey()));
    await h.lifecycle.saveAnswers({ '101': ['2'] });
    await settle();
    expect(JSON.parse(stored(h)['survey-demo-server-content'] ?? '{}')).toEqual({ '101': ['2'] });
  });

  it('rebases a save refused as behind: the server’s answers, with this device’s changes over them, on screen too', async () => {
    const h = setup({
      'survey-demo': '{"101":["1"],"102":["x"]}',
      ...OWN_RESPONSE,
      'survey-demo-seq': '1',
    });
    h.getReplies.push(read({ content: { '101': ['1'], '102': ['x'] }, seq: 1 }));
    await h.lifecycle.openResponse(input(makeSurvey()));
    const events: unknown[] = [];
    h.lifecycle.subscribe((event) => events.push(event));
    // Meanwhile another device answered 201 and changed 102; this one changed 101.
    h.getReplies.push(read({ content: { '101': ['1'], '102': ['y'], '201': ['3'] }, seq: 6 }));
    const local = { '101': ['2'], '102': ['x'] };
    h.backing.setItem('survey-demo', JSON.stringify(local));
    const rebased = await h.lifecycle.rebase(local, 'RC-OLD');
    const merged = { '101': ['2'], '102': ['y'], '201': ['3'] };
    expect(rebased).toEqual(merged);
    expect(h.gets.at(-1)).toMatchObject({
      code: 'RC-OLD',
      token: 'tok-old',
      params: { survey: 42, fingerprint: 'fp' },
    });
    expect(JSON.parse(stored(h)['survey-demo'] ?? '{}')).toEqual(merged);
    expect(events).toContainEqual({ type: 'merged', content: merged });
  });

  it('creates a new response when reading fails, multiple responses are allowed and the survey is open', async () => {
    const h = setup({ 'survey-demo-response-code': 'RC-GONE', 'survey-demo': '{"101":["1"]}' });
    const result = await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: true })));
    expect(h.gets).toHaveLength(1);
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-NEW-1', content: { '101': [] } });
  });

  it('reads a link’s response again after a passing fault, rather than leave it for a new response', async () => {
    const h = setup();
    h.getReplies.push(
      new ApiError({ key: 'unexpected_error', status: 503 }),
      new ApiError({ key: 'rate_exceed', status: 429, retryAfterMs: 60_000 }),
      read({ code: 'RC-LINK', content: { '102': ['from the link'] } }),
    );
    const result = await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }));
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-LINK', resumed: true });
    expect(h.creates).toHaveLength(0);
    // The second wait is the Retry-After, held to a few seconds.
    expect(h.waits).toEqual([500, 3_000]);

    // A fault that lasts, or a response that does not exist, then meets the spec's rule: a new response.
    const lasting = setup();
    lasting.getReplies.push(...[1, 2, 3].map(() => new ApiError({ key: 'unexpected_error', isNetwork: true })));
    expect(await lasting.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }))).toMatchObject({
      kind: 'ready',
      responseCode: 'RC-NEW-1',
    });
    expect(lasting.gets).toHaveLength(3);
    const gone = setup();
    await gone.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-GONE' }));
    expect(gone.gets).toHaveLength(1);
    expect(gone.waits).toEqual([]);
  });

  it('gives the generic error when reading fails and multiple responses are not allowed', async () => {
    const h = setup({ 'survey-demo-response-code': 'RC-GONE' });
    const result = await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    expect(result).toEqual({ kind: 'error', key: 'unexpected_error', message: null });
    expect(h.creates).toHaveLength(0);
  });

  it('maps a failed create: 409 to the unique-responses message, else the configured error message', async () => {
    const unique = setup();
    unique.createReplies.push(new ApiError({ key: 'system_messages_unique_responses', status: 409 }));
    expect(await unique.lifecycle.openResponse(input(makeSurvey()))).toEqual({
      kind: 'error',
      key: 'system_messages_unique_responses',
      message: null,
    });

    const configured = setup();
    configured.createReplies.push(new ApiError({ key: 'unexpected_error', status: 400 }));
    expect(await configured.lifecycle.openResponse(input(makeSurvey({ error_message: 'Owner text' })))).toEqual({
      kind: 'error',
      key: 'unexpected_error',
      message: 'Owner text',
    });
  });

  it('a create queued offline and refused for good gives the same: the configured message, or the 409 one', async () => {
    for (const [refusal, expected] of [
      [new ApiError({ key: 'unexpected_error', status: 400 }), { key: 'unexpected_error', message: 'Owner text' }],
      [
        new ApiError({ key: 'system_messages_unique_responses', status: 409 }),
        { key: 'system_messages_unique_responses', message: null },
      ],
    ] as const) {
      const h = setup({}, false);
      const events: unknown[] = [];
      h.lifecycle.subscribe((event) => events.push(event));
      await h.lifecycle.openResponse(input(makeSurvey({ error_message: 'Owner text' })));
      h.createReplies.push(refusal);
      h.connectivity.setOnline(true);
      await settle();
      expect(events).toEqual([{ type: 'response_failed', ...expected }]);
      expect(stored(h)['survey-demo-pending-response']).toBeUndefined();
    }
  });

  it('reports finished on device without calling the server', async () => {
    const h = setup({ 'survey-demo-finished': 'true' });
    expect(await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })))).toEqual({
      kind: 'finished_on_device',
    });
    expect(h.gets).toHaveLength(0);
    expect(h.creates).toHaveLength(0);
  });

  it('treats a stored response the server reports completed as finished on this device', async () => {
    const h = setup({ 'survey-demo-response-code': 'RC-OLD', 'survey-demo-response-id': '5' });
    h.getReplies.push(read({ completed: true }));
    expect(await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })))).toEqual({
      kind: 'finished_on_device',
    });
    expect(stored(h)['survey-demo-finished']).toBe('true');
  });

  it('reports an answer-later link to a completed response as already completed', async () => {
    const h = setup();
    h.getReplies.push(read({ code: 'RC-LINK', completed: true }));
    expect(await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }))).toEqual({
      kind: 'already_completed',
    });
  });

  it('reports a link to the response this device kept, completed elsewhere, as already completed: no new response', async () => {
    const h = setup({ 'survey-demo-response-code': 'RC-LINK', 'survey-demo-response-id': '5' });
    h.getReplies.push(read({ code: 'RC-LINK', completed: true }));
    expect(await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }))).toEqual({
      kind: 'already_completed',
    });
    expect(h.creates).toHaveLength(0);
    expect(stored(h)['survey-demo-response-code']).toBeUndefined();
  });

  it('opens a response whose time ran out as expired, and saves nothing that would clear its flags', async () => {
    const h = setup();
    h.getReplies.push(read({ code: 'RC-LINK', expired_partial: true, content: { '101': ['x'] } }));
    expect(await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }))).toEqual({ kind: 'expired' });
    await settle();
    expect(h.patches).toEqual([]);
  });

  it('continues a stored response from the local copy when the network is down', async () => {
    const h = setup({
      'survey-demo': '{"101":["local"]}',
      ...OWN_RESPONSE,
    });
    h.getReplies.push(new ApiError({ key: 'unexpected_error', isNetwork: true }));
    const result = await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-OLD', content: { '101': ['local'] } });
  });

  it('continues a stored response from the local copy when the server fails for now (503), never a new one', async () => {
    const h = setup({
      'survey-demo': '{"101":["local"]}',
      ...OWN_RESPONSE,
    });
    h.getReplies.push(new ApiError({ key: 'unexpected_error', status: 503 }));
    const result = await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: true })));
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-OLD', content: { '101': ['local'] } });
    expect(h.creates).toHaveLength(0);
  });

  it('opened offline: answers a provisional response, created with its saves on reconnect', async () => {
    const h = setup({}, false);
    const events: string[] = [];
    h.lifecycle.subscribe((event) => events.push(event.type));
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(result).toMatchObject({ kind: 'ready', responseCode: null, provisional: true });
    expect(stored(h)['survey-demo-pending-response']).toBe('local:test');

    await h.lifecycle.saveAnswers({ '101': ['a'] });
    await h.lifecycle.saveAnswers({ '101': ['b'] });
    expect(h.creates).toHaveLength(0);

    h.connectivity.setOnline(true);
    await settle();
    expect(h.creates).toHaveLength(1);
    expect(h.patches).toEqual([
      { code: 'RC-NEW-1', token: 'tok-new-1', body: expect.objectContaining({ content: { '101': ['b'] } }) },
    ]);
    expect(events).toEqual(['response_created']);
    expect(stored(h)).toMatchObject({
      'survey-demo-response-code': 'RC-NEW-1',
      'survey-demo-response-token': 'tok-new-1',
    });
    expect(stored(h)['survey-demo-pending-response']).toBeUndefined();
  });

  it('after a reload, continues a provisional response whose create is still queued', async () => {
    const first = setup({}, false);
    await first.lifecycle.openResponse(input(makeSurvey()));
    first.outbox.stop();
    await settle();

    const second = setup(Object.fromEntries(first.backing.entries), false);
    const result = await second.lifecycle.openResponse(input(makeSurvey()));
    expect(result).toMatchObject({ kind: 'ready', provisional: true, resumed: true });
    second.connectivity.setOnline(true);
    await settle();
    expect(second.creates).toHaveLength(1);
  });

  it('keeps the start date across a reload that cannot reach the server, so a timer never starts again', async () => {
    const first = setup({}, false);
    const opened = await first.lifecycle.openResponse(input(makeSurvey()));
    first.outbox.stop();
    await settle();
    const later = { now: new Date(1_000_000 + 30 * 60_000) };
    const provisional = setup(Object.fromEntries(first.backing.entries), false);
    const queued = await provisional.lifecycle.openResponse(input(makeSurvey(), later));
    expect(opened).toMatchObject({ startDate: expect.any(String) });
    expect(queued).toMatchObject({
      kind: 'ready',
      provisional: true,
      startDate: (opened as { startDate: string }).startDate,
    });

    const h = setup({ 'survey-demo': '{"101":["local"]}', ...OWN_RESPONSE });
    h.getReplies.push(read({ content: {}, start_date: '2026-01-01T00:00:00.000+00:00' }));
    await h.lifecycle.openResponse(input(makeSurvey()));
    h.outbox.stop();
    await settle();
    const offline = setup(Object.fromEntries(h.backing.entries), false);
    offline.getReplies.push(new ApiError({ key: 'unexpected_error', isNetwork: true }));
    expect(await offline.lifecycle.openResponse(input(makeSurvey(), later))).toMatchObject({
      kind: 'ready',
      responseCode: 'RC-OLD',
      startDate: '2026-01-01T00:00:00.000+00:00',
    });
  });

  it('keeps the start date this device knew when the server sends none, else takes when the server created it', async () => {
    const known = setup({ 'survey-demo-start-date': '2026-01-01T00:00:00.000+00:00', ...OWN_RESPONSE });
    known.getReplies.push(read({ content: {}, start_date: '', created_date: '2026-01-02T00:00:00.000+00:00' }));
    expect(await known.lifecycle.openResponse(input(makeSurvey()))).toMatchObject({
      kind: 'ready',
      startDate: '2026-01-01T00:00:00.000+00:00',
    });
    expect(stored(known)['survey-demo-start-date']).toBe('2026-01-01T00:00:00.000+00:00');

    const unknown = setup({ ...OWN_RESPONSE });
    unknown.getReplies.push(read({ content: {}, start_date: null, created_date: '2026-01-02T00:00:00.000+00:00' }));
    expect(await unknown.lifecycle.openResponse(input(makeSurvey()))).toMatchObject({
      kind: 'ready',
      startDate: '2026-01-02T00:00:00.000+00:00',
    });
  });

  it('a finish queued offline sends its response e-mail after a reload, after the finish', async () => {
    const email = { email: 'a@example.com', template: 3, subject: null, email_config: {}, attach_excel: false };
    const first = setup({}, false);
    await first.lifecycle.openResponse(input(makeSurvey()));
    void first.lifecycle.finishResponse({ content: { '101': ['1'] }, email });
    await settle();
    first.outbox.stop();

    const second = setup(Object.fromEntries(first.backing.entries), true);
    await second.lifecycle.openResponse(input(makeSurvey()));
    await settle();
    expect(second.writes).toEqual(['finish', 'email']);
  });

  it('keeps the page and alerts a first visit marked before its response opened (a Next pressed before the take-over)', async () => {
    const marks = { 'survey-demo-position': '{"currentPageId":2,"history":[1]}', 'survey-demo-alerts': '[5]' };
    const h = setup(marks);
    await h.lifecycle.openResponse(input(makeSurvey()));
    expect(stored(h)).toMatchObject(marks);
  });

  it("opening another response than the one kept drops the kept one's page and alerts sent", async () => {
    const h = setup({
      ...OWN_RESPONSE,
      'survey-demo': '{"101":["kept"]}',
      'survey-demo-position': '{"currentPageId":2,"history":[1]}',
      'survey-demo-alerts': '[5]',
    });
    h.getReplies.push(read({ code: 'RC-LINK', id: 9, content: { '101': ['linked'] } }));
    await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }));
    expect(stored(h)['survey-demo-response-code']).toBe('RC-LINK');
    expect(stored(h)['survey-demo-position']).toBeUndefined();
    expect(stored(h)['survey-demo-alerts']).toBeUndefined();
  });

  describe('an answer stored while the create or read is out is kept: the reply never writes over it', () => {
    // The survey store writes every answer to storage as it is given, the way it does in the browser.
    const answerMeanwhile = (h: Harness) => () =>
      h.backing.setItem(
        'survey-demo',
        JSON.stringify({ ...JSON.parse(stored(h)['survey-demo'] ?? '{}'), '102': ['late'] }),
      );
    const storedAnswers = (h: Harness) => JSON.parse(stored(h)['survey-demo'] ?? 'null') as Record<string, string[]>;

    it('a new response', async () => {
      const h = setup({ 'survey-demo': '{"101":["1"]}' });
      h.whileRequesting.push(answerMeanwhile(h));
      const result = await h.lifecycle.openResponse(input(makeSurvey()));
      expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-NEW-1' });
      expect(storedAnswers(h)).toMatchObject({ '101': [], '102': ['late'], 'url_param:src': ['mail'] });
    });

    it('a resumed response', async () => {
      const h = setup({
        'survey-demo': '{"101":["local"]}',
        'survey-demo-response-code': 'RC-OLD',
        'survey-demo-response-id': '5',
      });
      h.getReplies.push(read({ content: { '101': ['server'] } }));
      h.whileRequesting.push(answerMeanwhile(h));
      const result = await h.lifecycle.openResponse(input(makeSurvey()));
      expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-OLD', content: { '102': ['late'] } });
      expect(storedAnswers(h)).toMatchObject({ '101': ['local'], '102': ['late'], 'url_param:src': ['mail'] });
    });

    it('a response continued from the local copy while the server fails', async () => {
      const h = setup({
        'survey-demo': '{"101":["local"]}',
        'survey-demo-response-code': 'RC-OLD',
        'survey-demo-response-id': '5',
      });
      h.getReplies.push(new ApiError({ key: 'unexpected_error', status: 503 }));
      h.whileRequesting.push(answerMeanwhile(h));
      const result = await h.lifecycle.openResponse(input(makeSurvey()));
      expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-OLD', content: { '102': ['late'] } });
      expect(storedAnswers(h)).toMatchObject({ '101': ['local'], '102': ['late'] });
    });

    it('a new response after the stored one could not be read', async () => {
      const h = setup({ 'survey-demo-response-code': 'RC-GONE', 'survey-demo': '{"101":["1"]}' });
      h.whileRequesting.push(answerMeanwhile(h));
      const result = await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: true })));
      expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-NEW-1', content: { '102': ['late'] } });
      expect(h.creates[0]?.content).toMatchObject({ '101': [], '102': ['late'] });
      expect(storedAnswers(h)).toMatchObject({ '101': [], '102': ['late'] });
    });
  });
});

describe('finishResponse', () => {
  it('with no response open (the open found none: closed, refused…) is an error, never a finish done', async () => {
    const h = setup();
    expect(await h.lifecycle.finishResponse({ content: { '101': ['1'] } })).toMatchObject({ kind: 'error' });
    expect(h.writes).toEqual([]);
  });

  it('resolves only once the server confirmed, then marks the device finished and clears the response', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    h.connectivity.setOnline(false);
    let done = false;
    const finishing = h.lifecycle.finishResponse({ content: { '101': ['1'] }, redirected: false }).then((result) => {
      done = true;
      return result;
    });
    await settle();
    expect(done).toBe(false);
    expect(stored(h)['survey-demo-finished']).toBeUndefined();

    h.connectivity.setOnline(true);
    expect(await finishing).toEqual({ kind: 'finished' });
    expect(h.patches.at(-1)).toMatchObject({
      code: 'RC-NEW-1',
      body: { completed: true, client_signature: 'sig', content: { '101': ['1'] } },
    });
    expect(stored(h)['survey-demo-finished']).toBe('true');
    expect(stored(h)['survey-demo-response-code']).toBeUndefined();
  });

  it('with patience, a finish not confirmed in time resolves pending and stays queued for the outbox', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey()));
    h.connectivity.setOnline(false);
    expect(await h.lifecycle.finishResponse({ content: { '101': ['1'] }, patienceMs: 20 })).toEqual({
      kind: 'pending',
    });
    expect(h.outbox.pending().map((op) => op.type)).toEqual(['finish']);
  });

  it('a finish still queued at reload counts as finished on this device', async () => {
    const first = setup();
    await first.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    first.connectivity.setOnline(false);
    void first.lifecycle.finishResponse({ content: {} });
    await settle();
    first.outbox.stop();

    const second = setup(Object.fromEntries(first.backing.entries), false);
    expect(await second.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })))).toEqual({
      kind: 'finished_on_device',
    });
  });

  it('reports a finish the server refused and keeps the response on the device', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    h.patchReplies.push(new ApiError({ key: 'authentication_error', status: 403 }));
    const result = await h.lifecycle.finishResponse({ content: { '101': ['1'] } });
    expect(result).toMatchObject({ kind: 'error', key: 'authentication_error' });
    expect(stored(h)['survey-demo-finished']).toBeUndefined();
    expect(stored(h)['survey-demo-response-code']).toBe('RC-NEW-1');
  });

  it('a finish or a create refused because the survey closed meanwhile says why, not the password message', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    const closed = (reason: string) =>
      new ApiError({
        key: 'authentication_error',
        status: 403,
        code: 'survey_closed',
        closeReason: reason as 'author',
      });
    h.patchReplies.push(closed('max_responses'));
    expect(await h.lifecycle.finishResponse({ content: { '101': ['1'] } })).toEqual({
      kind: 'closed',
      reason: 'max_responses',
    });

    const fresh = setup();
    fresh.createReplies.push(closed('end_date'));
    expect(await fresh.lifecycle.openResponse(input(makeSurvey()))).toEqual({ kind: 'closed', reason: 'end_date' });
  });

  it('a queued write refused because the survey closed tells the flow why', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey()));
    const events: LifecycleEvent[] = [];
    h.lifecycle.subscribe((event) => events.push(event));
    h.patchReplies.push(
      new ApiError({ key: 'authentication_error', status: 403, code: 'survey_closed', closeReason: 'author' }),
    );
    await h.lifecycle.saveAnswers({ '101': ['1'] });
    await settle();
    expect(events).toContainEqual({ type: 'survey_closed', reason: 'author' });
  });

  it('queues the expiry forms for the open response', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey()));
    await h.lifecycle.expirePartial({ '101': ['1'] });
    await h.lifecycle.expireEmpty();
    await h.outbox.flush();
    expect(h.patches.map((patch) => patch.body)).toEqual([
      { seq: 1, content: { '101': ['1'] }, expired_partial: true },
      { seq: 2, expired_empty: true },
    ]);
  });

  it('a write refused because the response ran out of time says so: a save, then a finish', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey()));
    const events: LifecycleEvent[] = [];
    h.lifecycle.subscribe((event) => events.push(event));
    const expired = () =>
      new ApiError({ key: 'system_messages_unique_responses', status: 409, code: 'response_expired' });
    h.patchReplies.push(expired());
    await h.lifecycle.saveAnswers({ '101': ['1'] });
    await settle();
    expect(events).toEqual([{ type: 'response_expired' }]);
    // Not a save refused: the time limit is what the screen says.
    expect(h.outbox.status().lastError).toBeNull();
    h.patchReplies.push(expired());
    expect(await h.lifecycle.finishResponse({ content: { '101': ['1'] } })).toEqual({ kind: 'expired' });
    expect(stored(h)['survey-demo-finished']).toBeUndefined();
  });

  it('a save rebased on a response the server holds expired is not sent over the expiry', async () => {
    const h = setup({ 'survey-demo': '{"101":["1"]}', ...OWN_RESPONSE, 'survey-demo-seq': '1' });
    h.getReplies.push(read({ content: { '101': ['1'] }, seq: 1 }));
    await h.lifecycle.openResponse(input(makeSurvey()));
    h.getReplies.push(read({ content: { '101': ['1'] }, seq: 4, expired_partial: true }));
    await expect(h.lifecycle.rebase({ '101': ['2'] }, 'RC-OLD')).rejects.toMatchObject({
      status: 409,
      code: 'response_expired',
    });
  });

  it('a finish refused because the response was finished elsewhere is said as such, never as finished', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey({ multiple_responses: false })));
    h.patchReplies.push(new ApiError({ key: 'system_messages_unique_responses', status: 409 }));
    expect(await h.lifecycle.finishResponse({ content: { '101': ['1'] } })).toEqual({ kind: 'completed_elsewhere' });
    expect(stored(h)['survey-demo-finished']).toBeUndefined();
  });
});

describe('exactly once', () => {
  it('names a new response with a client key stored before the create leaves, and replays it after a lost answer', async () => {
    const h = setup();
    // The server made the response, but its answer never arrived.
    h.createReplies.push(new ApiError({ key: 'unexpected_error', isNetwork: true }));
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(result).toMatchObject({ kind: 'ready', provisional: true });
    await settle();
    expect(h.creates.map((body) => body.client_key)).toEqual(['clientkey-0123456789', 'clientkey-0123456789']);
    expect(stored(h)['survey-demo-client-key']).toBeUndefined();
  });

  it('a page closed while its create was on the wire replays the same create on the next visit', async () => {
    const h = setup({
      'survey-demo': '{"101":["typed"]}',
      'survey-demo-pending-response': 'local:gone',
      'survey-demo-client-key': 'stored-key-0123456789',
    });
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(h.creates.map((body) => body.client_key)).toEqual(['stored-key-0123456789']);
    expect(result).toMatchObject({
      kind: 'ready',
      responseCode: 'RC-NEW-1',
      resumed: true,
      content: { '101': ['typed'] },
    });
  });

  it("continues above the server's seq when the response was saved on another device", async () => {
    const h = setup();
    h.getReplies.push(read({ code: 'RC-LINK', content: { '101': ['there'] }, seq: 41 }));
    await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }));
    await h.lifecycle.saveAnswers({ '101': ['here'] });
    await settle();
    expect(h.patches[0]?.body).toMatchObject({ seq: 42, content: { '101': ['here'] } });
  });

  it('keeps a picked file as a local reference until the server has it, then knows its id', async () => {
    const h = setup({}, false);
    await h.lifecycle.openResponse(input(makeSurvey()));
    const ref = await h.lifecycle.queueUpload({ questionId: 101, file: new Blob(['x']), fileName: 'cv.pdf' });
    const uploadKey = uploadKeyOf(ref);
    expect(uploadKey).not.toBeNull();
    expect(h.lifecycle.describeUpload(ref)).toEqual({ name: 'cv.pdf', state: 'pending' });
    const events: unknown[] = [];
    h.lifecycle.subscribe((event) => events.push(event));
    h.connectivity.setOnline(true);
    await settle();
    expect(h.uploads).toEqual([{ hashCode: uploadKey, fileName: 'cv.pdf', responseId: 101 }]);
    expect(events).toContainEqual({ type: 'upload_stored', uploadKey, questionId: 101, id: 'UP1' });
    expect(h.lifecycle.describeUpload(ref)).toEqual({ name: 'cv.pdf', state: 'stored' });

    // After a reload the answer holds the stored id, and its file still shows by name.
    const reloaded = setup(stored(h));
    expect(reloaded.lifecycle.describeUpload('UP1')).toEqual({ name: 'cv.pdf', state: 'stored' });
  });

  describe('a file picked while the create is on the wire', () => {
    const pick = (lifecycle: ResponseLifecycle) =>
      lifecycle.queueUpload({ questionId: 101, file: new Blob(['x']), fileName: 'cv.pdf' });
    /** What the outbox keeps in IndexedDB, as the next page load finds it. */
    const kept = async () => (await createIdbOutboxRepository(CODE).load()).ops;

    it('waits in IndexedDB under the local id before the create returns, then goes to the created response', async () => {
      const h = setup();
      const release = h.holdCreates();
      const opening = h.lifecycle.openResponse(input(makeSurvey()));
      await h.lifecycle.createStarted();
      const ref = await pick(h.lifecycle);
      const uploadKey = uploadKeyOf(ref);
      expect(await kept()).toMatchObject([
        { type: 'upload', responseKey: 'local:test', uploadKey, fileName: 'cv.pdf' },
      ]);
      expect(h.lifecycle.describeUpload(ref)).toEqual({ name: 'cv.pdf', state: 'pending' });
      await settle();
      expect(h.uploads).toHaveLength(0);
      const events: LifecycleEvent[] = [];
      h.lifecycle.subscribe((event) => events.push(event));

      release();
      expect(await opening).toMatchObject({ kind: 'ready', responseCode: 'RC-NEW-1', responseId: 101 });
      await settle();
      expect(h.uploads).toEqual([{ hashCode: uploadKey, fileName: 'cv.pdf', responseId: 101 }]);
      expect(events).toContainEqual({ type: 'upload_stored', uploadKey, questionId: 101, id: 'UP1' });
      expect(h.lifecycle.describeUpload(ref)).toEqual({ name: 'cv.pdf', state: 'stored' });
      await h.lifecycle.saveAnswers({ '101': [ref] });
      await settle();
      expect(h.patches.at(-1)).toMatchObject({ code: 'RC-NEW-1', body: { content: { '101': ['UP1'] } } });
    });

    it('survives a reload: the create is replayed with the same key, then the file goes to that response', async () => {
      const h = setup();
      h.holdCreates();
      void h.lifecycle.openResponse(input(makeSurvey()));
      await h.lifecycle.createStarted();
      const ref = await pick(h.lifecycle);
      // The page closes with the create on the wire; the answer holding the file is in localStorage.
      h.lifecycle.dispose();
      h.outbox.stop();
      const again = setup({ ...stored(h), 'survey-demo': JSON.stringify({ '101': [ref] }) });
      const result = await again.lifecycle.openResponse(input(makeSurvey()));
      expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-NEW-1', resumed: true });
      expect(again.creates.map((body) => body.client_key)).toEqual([h.creates[0]?.client_key]);
      // The server never sees a local reference: the save after the upload names the file.
      expect(again.creates[0]?.content).toMatchObject({ '101': [] });
      await settle();
      expect(again.uploads).toEqual([{ hashCode: uploadKeyOf(ref), fileName: 'cv.pdf', responseId: 101 }]);
      await again.lifecycle.saveAnswers({ '101': [ref] });
      await settle();
      expect(again.patches.at(-1)).toMatchObject({ code: 'RC-NEW-1', body: { content: { '101': ['UP1'] } } });
    });

    it('is dropped with its response when the create is refused for good, which the opening says', async () => {
      const h = setup();
      const release = h.holdCreates();
      h.createReplies.push(new ApiError({ key: 'unexpected_error', status: 409 }));
      const opening = h.lifecycle.openResponse(input(makeSurvey()));
      await h.lifecycle.createStarted();
      await pick(h.lifecycle);
      release();
      expect(await opening).toMatchObject({ kind: 'error', key: 'system_messages_unique_responses' });
      await settle();
      expect(h.outbox.pendingCount()).toBe(0);
      expect(await kept()).toEqual([]);
      expect(h.uploads).toHaveLength(0);
      // What the respondent sees is the refused create's, as when nothing was queued: no refused save besides.
      expect(h.outbox.status().lastError).toBeNull();
    });
  });

  it('keeps no file name in a preview, which writes nothing', async () => {
    const h = setup();
    await h.lifecycle.openResponse(input(makeSurvey(), { mode: 'readOnly' }));
    const ref = await h.lifecycle.queueUpload({ questionId: 101, file: new Blob(['x']), fileName: 'cv.pdf' });
    expect(h.lifecycle.describeUpload(ref)).toEqual({ name: 'cv.pdf', state: 'stored' });
    expect(stored(h)['survey-demo-upload-names']).toBeUndefined();
  });
});

describe('a backend whose response read has no id (spec §7 lists none)', () => {
  /** The API's reading of a raw reply: what it cannot read fails the call, as `parseAnswer` makes it. */
  function rawReply(fields: Record<string, unknown>): GetReply {
    const result = responseReadSchema.safeParse(fields);
    return result.success ? result.data : new Error('unreadable reply');
  }

  it('resumes this device’s response with the id kept from its create, answers and uploads intact', async () => {
    const h = setup({ 'survey-demo': '{"101":["local"]}', ...OWN_RESPONSE });
    h.getReplies.push(rawReply({ code: 'RC-OLD', content: { '101': ['server'] } }));
    const result = await h.lifecycle.openResponse(input(makeSurvey()));
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-OLD', responseId: 5, resumed: true });
    expect(result).toMatchObject({ content: { '101': ['local'] } });
    expect(h.creates).toHaveLength(0);
    await h.lifecycle.queueUpload({ questionId: 103, file: new Blob(['x']), fileName: 'a.txt' });
    await settle();
    expect(h.uploads).toMatchObject([{ fileName: 'a.txt', responseId: 5 }]);
  });

  it('opens a link’s response known by no id with its answers; its uploads name no response id', async () => {
    const h = setup();
    h.getReplies.push(rawReply({ code: 'RC-LINK', token: 'tok-link', content: { '101': ['linked'] } }));
    const result = await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: 'RC-LINK' }));
    expect(result).toMatchObject({ kind: 'ready', responseCode: 'RC-LINK', responseId: null });
    expect(result).toMatchObject({ content: { '101': ['linked'] } });
    expect(h.creates).toHaveLength(0);
    await h.lifecycle.queueUpload({ questionId: 103, file: new Blob(['x']), fileName: 'a.txt' });
    await settle();
    expect(h.uploads).toMatchObject([{ fileName: 'a.txt', responseId: null }]);
  });

  it('reads a numeric response code as its string', async () => {
    const h = setup();
    h.getReplies.push(rawReply({ code: 12345, id: 9, content: { '101': ['1'] } }));
    const result = await h.lifecycle.openResponse(input(makeSurvey(), { resumeCode: '12345' }));
    expect(result).toMatchObject({ kind: 'ready', responseCode: '12345', responseId: 9 });
  });
});
