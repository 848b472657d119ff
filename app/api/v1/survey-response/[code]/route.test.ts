import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createResponseResultSchema, responseReadSchema } from '@/lib/survey-format/response';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bearer, bodyOf, routeParams } from '@/server/testing/http';
import { PEER_HEADER } from '@/server/http/request-headers';
import { CREATES_PER_CLIENT } from '@/server/responses/create-response';
import { RESPONSE_READS_PER_CLIENT, RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';
import { spendClientLimit } from '@/server/testing/rate-limits';
import { newResponseBody, seedSurvey } from '@/server/testing/scenario';
import { setUpTestBackend } from '@/server/testing/test-backend';

import { POST as checkPassword } from '../../../v2/surveys/check-password-repository/route';
import { GET as readSurvey } from '../../read-survey/[code]/route';
import { GET, PATCH, POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

const path = (code: string) => `/api/v1/survey-response/${code}/`;

function create(surveyCode: string, body: unknown, headers: Record<string, string> = {}) {
  return POST(apiRequest('POST', path(surveyCode), body, headers), routeParams({ code: surveyCode }));
}

function read(code: string, token?: string, query = '', headers: Record<string, string> = {}) {
  return GET(
    apiRequest('GET', `${path(code)}${query}`, undefined, { ...bearer(token), ...headers }),
    routeParams({ code }),
  );
}

function patch(code: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return PATCH(apiRequest('PATCH', path(code), body, { ...bearer(token), ...headers }), routeParams({ code }));
}

/** The statuses of `count` requests in a row, and the first Retry-After among them. */
async function burst(count: number, send: () => Promise<Response>) {
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let attempt = 0; attempt < count; attempt += 1) {
    const response = await send();
    statuses.push(response.status);
    if (response.status === 429) retryAfter ??= response.headers.get('retry-after');
  }
  return { statuses, retryAfter };
}

async function start(surveyCode: string, surveyId: number, overrides: Record<string, unknown> = {}) {
  const response = await create(surveyCode, newResponseBody(surveyId, overrides));
  expect(response.status).toBe(201);
  const created = createResponseResultSchema.parse(await response.json());
  return { ...created, token: created.token ?? '' };
}

const finishBody = (seq: number, content: Record<string, string[]> = { '101': ['1'] }) => ({
  seq,
  client_signature: 'sig-1',
  content,
  completed: true,
  redirected: false,
  expired_empty: false,
  expired_partial: false,
});

describe('POST /api/v1/survey-response/{survey_code}/', () => {
  let surveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('resp-open'));
  });

  it('creates a response: 201 with an unguessable code, id, survey and token', async () => {
    const response = await create('resp-open', newResponseBody(surveyId, { content: { '101': ['2'] } }), {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    });
    expect(response.status).toBe(201);
    const created = createResponseResultSchema.parse(await response.json());
    expect(created.survey).toBe(surveyId);
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = responseReadSchema.parse(await (await read(created.code)).json());
    expect(stored).toMatchObject({ is_mobile: true, is_desktop: false, content: { '101': ['2'] } });
    expect(stored.start_date).toBe('2026-11-22T10:30:00.000+01:00');
  });

  it('takes device flags from the body when given', async () => {
    const created = await start('resp-open', surveyId, { is_tablet: true });
    const stored = responseReadSchema.parse(await (await read(created.code)).json());
    expect(stored).toMatchObject({ is_tablet: true, is_mobile: false, is_desktop: false });
  });

  it('400 for a bad body, invalid JSON or a survey id that is not the URL survey', async () => {
    const bad = await create('resp-open', { survey: 'x' });
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_body', detail: expect.stringContaining('survey') });
    const notJson = await create('resp-open', '{oops');
    expect(notJson.status).toBe(400);
    expect(await bodyOf(notJson)).toMatchObject({ code: 'invalid_json' });
    const mismatch = await create('resp-open', newResponseBody(surveyId + 1000));
    expect(mismatch.status).toBe(400);
    expect(await bodyOf(mismatch)).toMatchObject({ code: 'survey_mismatch' });
  });

  it('404 for an unknown survey', async () => {
    const response = await create('nope', newResponseBody(surveyId));
    expect(response.status).toBe(404);
  });

  it('403 survey_closed with the reason for each closed survey', async () => {
    for (const [code, config, reason] of [
      ['resp-closed-author', { is_open: false }, 'author'],
      ['resp-closed-max', { max_responses: 0 }, 'max_responses'],
      ['resp-closed-date', { end_date: '2001-02-03T00:00:00.000Z' }, 'end_date'],
    ] as const) {
      const id = await seedSurvey(testSurveyFile(code, { config }));
      const response = await create(code, newResponseBody(id));
      expect(response.status).toBe(403);
      expect(await bodyOf(response)).toMatchObject({ code: 'survey_closed', close_reason: reason });
    }
  });

  it('403 password_required without the gate token; 201 with it', async () => {
    const id = await seedSurvey(testSurveyFile('resp-locked', { password: 'demo', user_profile: { pack: 'PRO' } }));
    const denied = await create('resp-locked', newResponseBody(id));
    expect(denied.status).toBe(403);
    expect(await bodyOf(denied)).toMatchObject({ code: 'password_required' });
    const gate = await bodyOf(
      await checkPassword(
        apiRequest('POST', '/api/v2/surveys/check-password-repository/', { survey_id: id, password: 'demo' }),
      ),
    );
    const allowed = await create('resp-locked', newResponseBody(id), bearer(gate.access_token as string));
    expect(allowed.status).toBe(201);
    const body = await allowed.text();
    expect(body).not.toContain('demo');
  });

  it('409 unique_response once the fingerprint finished, when multiple responses are off', async () => {
    const id = await seedSurvey(testSurveyFile('resp-unique', { share_config: { multiple_responses: false } }));
    const first = await start('resp-unique', id, { fingerprint: 'browser-a' });
    const again = await start('resp-unique', id, { fingerprint: 'browser-a' });
    expect((await patch(first.code, finishBody(1), first.token)).status).toBe(200);
    const refused = await create('resp-unique', newResponseBody(id, { fingerprint: 'browser-a' }));
    expect(refused.status).toBe(409);
    expect(await bodyOf(refused)).toMatchObject({ code: 'unique_response' });
    expect((await create('resp-unique', newResponseBody(id, { fingerprint: 'browser-b' }))).status).toBe(201);
    // The second, unfinished response of browser-a is still usable.
    expect(
      (await patch(again.code, { seq: 1, content: {}, expired_empty: false, expired_partial: false }, again.token))
        .status,
    ).toBe(200);
  });

  it('a create repeated with its client_key answers the same response (200), even racing, closed or finished', async () => {
    const body = newResponseBody(surveyId, { client_key: 'attempt-0123456789abcdef' });
    const first = await create('resp-open', body);
    expect(first.status).toBe(201);
    const made = createResponseResultSchema.parse(await first.json());
    const again = await create('resp-open', body);
    expect(again.status).toBe(200);
    expect(createResponseResultSchema.parse(await again.json())).toEqual(made);

    // Racing deliveries of one create store one response.
    const racing = newResponseBody(surveyId, { client_key: 'racing-0123456789abcdef' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => create('resp-open', racing)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const codes = await Promise.all(answers.map(async (answer) => (await bodyOf(answer)).code));
    expect(new Set(codes).size).toBe(1);

    // Finished since, or the survey closed since: still the same response, never a new one or an error.
    await patch(made.code, finishBody(1), made.token ?? undefined);
    expect(await bodyOf(await create('resp-open', body))).toMatchObject({ code: made.code });
    const closedId = await seedSurvey(testSurveyFile('resp-closing'));
    const before = await create('resp-closing', newResponseBody(closedId, { client_key: 'closing-0123456789abcd' }));
    expect(before.status).toBe(201);
    await seedSurvey(testSurveyFile('resp-closing', { config: { is_open: false } }));
    const after = await create('resp-closing', newResponseBody(closedId, { client_key: 'closing-0123456789abcd' }));
    expect(after.status).toBe(200);
  });

  it('a burst of 300 creates from one address meets 429 with Retry-After; another address is unaffected', async () => {
    const id = await seedSurvey(testSurveyFile('resp-burst'));
    const peer = { 'x-encuesta-peer': '203.0.113.9' };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const response = await create('resp-burst', newResponseBody(id, { fingerprint: `fp-${attempt}` }), peer);
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get('retry-after');
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CREATES_PER_CLIENT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - CREATES_PER_CLIENT.limit);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const other = await create('resp-burst', newResponseBody(id), { 'x-encuesta-peer': '198.51.100.77' });
    expect(other.status).toBe(201);
  });

  it('400 for answers the survey cannot hold: an unknown question, an answer too long', async () => {
    const unknown = await create('resp-open', newResponseBody(surveyId, { content: { '999': ['x'] } }));
    expect(await bodyOf(unknown)).toMatchObject({ code: 'unknown_question' });
    const created = await start('resp-open', surveyId);
    const long = await patch(
      created.code,
      { seq: 1, content: { '101': ['x'.repeat(5_000)] }, expired_empty: false, expired_partial: false },
      created.token,
    );
    expect(long.status).toBe(400);
    expect(await bodyOf(long)).toMatchObject({ code: 'answer_too_large' });
  });

  it('400 for what a browser says of itself beyond its bounds: a long fingerprint or signature, a start that is no date', async () => {
    for (const overrides of [
      { fingerprint: 'f'.repeat(129) },
      { client_signature: 's'.repeat(257) },
      { start_date: 'B'.repeat(100) },
      { start_date: '2026-11-22' },
    ]) {
      const response = await create('resp-open', newResponseBody(surveyId, overrides));
      expect(response.status, JSON.stringify(overrides).slice(0, 40)).toBe(400);
    }
    const created = await start('resp-open', surveyId);
    expect((await patch(created.code, { seq: 1, start_date: 'B'.repeat(1_000) }, created.token)).status).toBe(400);
    // A finish with too long a signature is no finish (its content may still be saved, as the save form it matches).
    await patch(created.code, { ...finishBody(2), client_signature: 's'.repeat(257) }, created.token);
    expect(await bodyOf(await read(created.code, created.token))).toMatchObject({ completed: false });
    expect((await patch(created.code, { seq: 3, start_date: '2026-11-23T09:00:00Z' }, created.token)).status).toBe(200);
  });

  it('400 for a client_key that is not 16-64 letters, digits, - or _', async () => {
    for (const client_key of ['short', 'x'.repeat(65), 'has spaces in it here', 'ünïcödé-0123456789']) {
      const response = await create('resp-open', newResponseBody(surveyId, { client_key }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(await bodyOf(response))).toContain('client_key');
    }
  });

  it('allows repeated responses when multiple responses are on (the default)', async () => {
    const first = await start('resp-open', surveyId, { fingerprint: 'repeat' });
    await patch(first.code, finishBody(1), first.token);
    expect((await create('resp-open', newResponseBody(surveyId, { fingerprint: 'repeat' }))).status).toBe(201);
  });
});

describe('GET /api/v1/survey-response/{response_code}/', () => {
  let surveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('read-resp', { password: 'secret-pw', user_profile: { pack: 'PRO' } }));
  });

  async function startGated() {
    const gate = await bodyOf(
      await checkPassword(
        apiRequest('POST', '/api/v2/surveys/check-password-repository/', {
          survey_id: surveyId,
          password: 'secret-pw',
        }),
      ),
    );
    const response = await create(
      'read-resp',
      newResponseBody(surveyId, { content: { 'custom_field:dept': ['ventas'], '101': ['1'] } }),
      bearer(gate.access_token as string),
    );
    const created = createResponseResultSchema.parse(await response.json());
    return { ...created, token: created.token ?? '' };
  }

  it('returns the spec fields, content and the resume token of an unfinished response, never a password', async () => {
    const created = await startGated();
    const response = await read(created.code);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('secret-pw');
    const json = JSON.parse(text) as Record<string, unknown>;
    // The code is the resume capability: its holder may keep saving (answer later on another device).
    expect(json.token).toBe(created.token);
    expect(json).not.toHaveProperty('password');
    const parsed = responseReadSchema.parse(json);
    expect(parsed).toMatchObject({
      code: created.code,
      id: created.id,
      completed: false,
      custom_fields: { dept: 'ventas' },
      content: { '101': ['1'] },
    });
    expect(parsed.share_config?.password).toBe(true);
    expect(parsed.created_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('a finished response shows its content only to the token holder', async () => {
    const created = await startGated();
    await patch(created.code, finishBody(1, { '101': ['2'] }), created.token);
    const anonymous = responseReadSchema.parse(await (await read(created.code)).json());
    expect(anonymous.completed).toBe(true);
    expect(anonymous.content).toEqual({});
    expect(anonymous.token ?? undefined).toBeUndefined();
    expect(anonymous.custom_fields).toEqual({});
    const owner = responseReadSchema.parse(await (await read(created.code, created.token)).json());
    expect(owner.content).toEqual({ '101': ['2'] });
    const wrong = responseReadSchema.parse(await (await read(created.code, 'not-the-token')).json());
    expect(wrong.content).toEqual({});
  });

  it('reads of one response from one client meet 429 with Retry-After past the limit; another client is unaffected', async () => {
    const created = await startGated();
    const peer = { [PEER_HEADER]: '203.0.113.21' };
    // The client has read all but five of its allowance already.
    await spendClientLimit(RESPONSE_READS_PER_CLIENT, '203.0.113.21', RESPONSE_READS_PER_CLIENT.limit - 5);
    const { statuses, retryAfter } = await burst(25, () => read(created.code, undefined, '', peer));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array<number>(20).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await read(created.code, undefined, '', { [PEER_HEADER]: '198.51.100.21' })).status).toBe(200);
  });

  it('404 for an unknown code or another survey; 400 for a bad survey query', async () => {
    expect((await read('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const created = await startGated();
    expect((await read(created.code, undefined, `?survey=${surveyId}`)).status).toBe(200);
    expect((await read(created.code, undefined, `?survey=${surveyId + 99}`)).status).toBe(404);
    expect((await read(created.code, undefined, '?survey=abc')).status).toBe(400);
  });
});

describe('PATCH /api/v1/survey-response/{response_code}/', () => {
  let surveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('patch-resp'));
  });

  const save = (seq: number, content: Record<string, string[]>) => ({
    seq,
    content,
    expired_empty: false,
    expired_partial: false,
  });

  async function contentOf(code: string, token?: string) {
    return responseReadSchema.parse(await (await read(code, token)).json());
  }

  it('403 without or with a wrong token, 404 for an unknown code, 400 for a bad body', async () => {
    const created = await start('patch-resp', surveyId);
    const missing = await patch(created.code, save(1, {}));
    expect(missing.status).toBe(403);
    expect(await bodyOf(missing)).toMatchObject({ code: 'invalid_token' });
    expect((await patch(created.code, save(1, {}), 'forged')).status).toBe(403);
    expect((await patch('AAAAAAAAAAAAAAAAAAAAAA', save(1, {}), created.token)).status).toBe(404);
    const huge = await patch(created.code, save(1, { '102': ['x'.repeat(3 * 1024 * 1024)] }), created.token);
    expect(huge.status).toBe(400);
    expect(await bodyOf(huge)).toMatchObject({ code: 'body_too_large' });
    const bad = await patch(created.code, { seq: -1, content: 'x' }, created.token);
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_body' });
  });

  it('400 for a seq above 2^31: a planted huge seq cannot silence every later save', async () => {
    const created = await start('patch-resp', surveyId);
    expect((await patch(created.code, save(2 ** 31 + 1, {}), created.token)).status).toBe(400);
    expect((await patch(created.code, save(2 ** 31, {}), created.token)).status).toBe(200);
  });

  it('GET tells the stored seq, so another device continues above it', async () => {
    const created = await start('patch-resp', surveyId);
    await patch(created.code, save(7, { '101': ['1'] }), created.token);
    expect((await contentOf(created.code)).seq).toBe(7);
  });

  it('applies a newer save and ignores an older or equal one (200 with the current state)', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    const first = await patch(created.code, save(5, { '101': ['1'], '102': [''] }), token);
    expect(first.status).toBe(200);
    expect(await bodyOf(first)).toEqual({ code: created.code, seq: 5, completed: false, applied: true });
    const stale = await patch(created.code, save(4, { '101': ['2'] }), token);
    expect(stale.status).toBe(200);
    expect(await bodyOf(stale)).toMatchObject({ seq: 5, applied: false });
    const same = await patch(created.code, save(5, { '101': ['2'] }), token);
    expect(await bodyOf(same)).toMatchObject({ seq: 5, applied: false });
    // Empty answers are stored as [] (spec §4).
    expect((await contentOf(created.code)).content).toEqual({ '101': ['1'], '102': [] });
  });

  it('sets start date, redirected, expired_partial and expired_empty', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    expect((await patch(created.code, { seq: 1, start_date: '2026-11-23T09:00:00.000+01:00' }, token)).status).toBe(
      200,
    );
    expect((await patch(created.code, { seq: 2, redirected: true }, token)).status).toBe(200);
    expect(
      (await patch(created.code, { seq: 3, content: { '101': ['2'] }, expired_partial: true }, token)).status,
    ).toBe(200);
    let stored = await contentOf(created.code);
    expect(stored).toMatchObject({
      start_date: '2026-11-23T09:00:00.000+01:00',
      redirected: true,
      expired_partial: true,
      content: { '101': ['2'] },
    });
    expect((await patch(created.code, { seq: 4, expired_empty: true }, token)).status).toBe(200);
    stored = await contentOf(created.code);
    expect(stored.expired_empty).toBe(true);
    // A flag form with an old seq still applies but never moves seq backwards.
    const flag = await patch(created.code, { seq: 1, redirected: true }, token);
    expect(await bodyOf(flag)).toMatchObject({ seq: 4, applied: true });
  });

  it('takes no more answers once the time ran out: a save or a finish is 409 response_expired, the expiry again 200', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    await patch(created.code, save(1, { '101': ['1'] }), token);
    expect(
      (await patch(created.code, { seq: 2, content: { '101': ['1'] }, expired_partial: true }, token)).status,
    ).toBe(200);
    for (const change of [save(3, { '101': ['2'] }), save(1, { '101': ['2'] }), finishBody(4, { '101': ['2'] })]) {
      const refused = await patch(created.code, change, token);
      expect(refused.status).toBe(409);
      expect(await bodyOf(refused)).toMatchObject({ code: 'response_expired' });
    }
    // Another device's timer, or a retry, sends the expiry again.
    expect(
      (await patch(created.code, { seq: 5, content: { '101': ['1'] }, expired_partial: true }, token)).status,
    ).toBe(200);
    expect(await contentOf(created.code)).toMatchObject({
      completed: false,
      expired_partial: true,
      content: { '101': ['1'] },
    });
  });

  it('finishes once; the same finish again is 200, any other change 409', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    const finished = await patch(created.code, finishBody(7, { '102': ['hola'], '101': ['1'] }), token);
    expect(finished.status).toBe(200);
    expect(await bodyOf(finished)).toEqual({ code: created.code, seq: 7, completed: true, applied: true });

    // Same answers in another key order: still the same finish.
    const repeated = await patch(created.code, finishBody(8, { '101': ['1'], '102': ['hola'] }), token);
    expect(repeated.status).toBe(200);
    expect(await bodyOf(repeated)).toMatchObject({ completed: true, applied: false });

    for (const change of [
      finishBody(9, { '101': ['2'] }),
      save(10, { '101': ['2'] }),
      { seq: 11, redirected: true },
      { seq: 12, expired_empty: true },
      { seq: 13, start_date: '2026-01-01T00:00:00.000Z' },
      { seq: 14, content: {}, expired_partial: true },
    ]) {
      const refused = await patch(created.code, change, token);
      expect(refused.status).toBe(409);
      expect(await bodyOf(refused)).toMatchObject({ code: 'response_completed' });
    }
    expect((await contentOf(created.code, token)).content).toEqual({ '101': ['1'], '102': ['hola'] });
  });

  it('a finish whose seq is not newer changes nothing, unless it carries the answers stored', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    // Another device saved seq 3; this one, behind, finishes with its own copy at seq 3.
    await patch(created.code, save(3, { '101': ['1'], '102': ['other device'] }), token);
    const behind = await patch(created.code, finishBody(3, { '101': ['1'] }), token);
    expect(behind.status).toBe(200);
    expect(await bodyOf(behind)).toEqual({ code: created.code, seq: 3, completed: false, applied: false });
    expect(await contentOf(created.code, token)).toMatchObject({
      completed: false,
      content: { '101': ['1'], '102': ['other device'] },
    });
    // A client that reuses its last save's seq, with the answers that save stored, still finishes.
    const same = await patch(created.code, finishBody(3, { '101': ['1'], '102': ['other device'] }), token);
    expect(await bodyOf(same)).toMatchObject({ completed: true, seq: 3, applied: true });
  });

  it('concurrent saves keep the highest seq, concurrent finishes complete once', async () => {
    const created = await start('patch-resp', surveyId);
    const token = created.token;
    const saves = await Promise.all(
      [3, 1, 5, 2, 4].map((seq) => patch(created.code, save(seq, { '102': [`v${seq}`] }), token)),
    );
    expect(saves.every((response) => response.status === 200)).toBe(true);
    expect((await contentOf(created.code)).content).toEqual({ '102': ['v5'] });
    const finishes = await Promise.all(
      [6, 7].map((seq) => patch(created.code, finishBody(seq, { '102': [`f${seq}`] }), token)),
    );
    expect(finishes.map((response) => response.status).sort()).toEqual([200, 409]);
  });

  it('finishing counts toward max_responses and then closes the survey', async () => {
    const id = await seedSurvey(testSurveyFile('patch-max', { config: { max_responses: 1 } }));
    const a = await start('patch-max', id);
    const b = await start('patch-max', id);
    expect((await patch(a.code, finishBody(1), a.token)).status).toBe(200);
    const late = await patch(b.code, finishBody(1), b.token);
    expect(late.status).toBe(403);
    expect(await bodyOf(late)).toMatchObject({ code: 'survey_closed', close_reason: 'max_responses' });
    const survey = await bodyOf(
      await readSurvey(apiRequest('GET', '/api/v1/read-survey/patch-max/'), routeParams({ code: 'patch-max' })),
    );
    expect(survey).toMatchObject({ is_open: false, close_reason: 'max_responses', responses_total: 1 });
    expect((await create('patch-max', newResponseBody(id))).status).toBe(403);
  });
});

describe('the write limit of PATCH /api/v1/survey-response/{response_code}/', () => {
  it('saves with a wrong token from one client meet 429 with Retry-After past the limit; the respondent saves on', async () => {
    const surveyId = await seedSurvey(testSurveyFile('patch-limit'));
    const created = await start('patch-limit', surveyId);
    const guesser = { [PEER_HEADER]: '203.0.113.22' };
    const save = { seq: 1, content: { '101': ['1'] }, expired_empty: false, expired_partial: false };
    await spendClientLimit(RESPONSE_WRITES_PER_CLIENT, '203.0.113.22', RESPONSE_WRITES_PER_CLIENT.limit - 5);
    const { statuses, retryAfter } = await burst(15, () => patch(created.code, save, 'not-the-token', guesser));
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array<number>(10).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const respondent = await patch(created.code, save, created.token, { [PEER_HEADER]: '198.51.100.22' });
    expect(respondent.status).toBe(200);
  });
});
