import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { PEER_HEADER } from '@/server/http/request-headers';
import { EMAILS_PER_ADDRESS, EMAILS_PER_CLIENT, MAX_ANSWER_LATER_EMAILS } from '@/server/queues/email-queue';
import { RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';
import { spendClientLimit } from '@/server/testing/rate-limits';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bearer, bodyOf, routeParams } from '@/server/testing/http';
import { seedSurvey, startResponse } from '@/server/testing/scenario';
import { currentTestDb, setUpTestBackend } from '@/server/testing/test-backend';

import { POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

function enqueue(code: string, body: unknown, token?: string, client = '203.0.113.7') {
  return POST(
    apiRequest('POST', `/api/v1/survey-email-response-queue/${code}/`, body, {
      ...bearer(token),
      [PEER_HEADER]: client,
    }),
    routeParams({ code }),
  );
}

/** What the answer-later dialog sends: the survey's template, and this response's resume link. */
const answerLater = (code: string, survey = 'email-later', origin = 'http://localhost:3000') => ({
  template: 3,
  email_config: { resume_url: `${origin}/en/survey-resume?code=${code}&survey=${survey}` },
  subject: 'Anything the caller likes',
  email: 'ana@example.com',
  attach_excel: false,
});

async function payloads(responseId: number) {
  const db = await currentTestDb();
  const rows = await db.selectFrom('email_queue').select('payload').where('response_id', '=', responseId).execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

async function finish(responseId: number, content: Record<string, string[]>) {
  const db = await currentTestDb();
  await db
    .updateTable('responses')
    .set({ completed: 1, content: JSON.stringify(content) })
    .where('id', '=', responseId)
    .execute();
}

describe('POST /api/v1/survey-email-response-queue/{response_code}/', () => {
  let laterId = 0;
  let answersId = 0;
  let plainId = 0;
  let bothId = 0;
  beforeAll(async () => {
    laterId = await seedSurvey(
      testSurveyFile('email-later', { share_config: { answer_later: true, answer_later_email_template_id: 7 } }),
    );
    answersId = await seedSurvey(
      testSurveyFile('email-answers', {
        response_email: {
          template_id: 9,
          subject: 'Your answers',
          email_source: 'email',
          email_source_type: 'url_param',
          attach_excel: true,
        },
      }),
    );
    plainId = await seedSurvey(testSurveyFile('email-none'));
    bothId = await seedSurvey(
      testSurveyFile('email-both', {
        share_config: { answer_later: true, answer_later_email_template_id: 7 },
        response_email: { template_id: 9, email_source: 'email', email_source_type: 'url_param' },
      }),
    );
  });

  // Each case counts its own e-mails against the limits per caller and per address.
  beforeEach(async () => {
    await (await currentTestDb()).deleteFrom('rate_events').execute();
  });

  it("queues an answer-later e-mail with the survey's template and this response's resume link (201)", async () => {
    const response = await startResponse('email-later', laterId);
    const withText = answerLater(response.code);
    // What else the caller writes into the link (a message, another link) is not mailed.
    withText.email_config.resume_url += '&msg=Your+account+is+locked&next=https://evil.example';
    const queued = await enqueue(response.code, withText, response.token);
    expect(queued.status).toBe(201);
    expect(await bodyOf(queued)).toMatchObject({ status: 'pending' });
    expect(await payloads(response.id)).toEqual([
      {
        kind: 'answer_later',
        email: 'ana@example.com',
        template: 7,
        resume_url: `/en/survey-resume?code=${response.code}&survey=email-later`,
      },
    ]);
  });

  it('refuses what the survey does not allow: no e-mail feature, a foreign link, a bad address, too many', async () => {
    const plain = await startResponse('email-none', plainId);
    const refused = await enqueue(plain.code, answerLater(plain.code, 'email-none'), plain.token);
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toMatchObject({ code: 'email_not_enabled' });

    const response = await startResponse('email-later', laterId);
    const other = await startResponse('email-later', laterId);
    for (const resume_url of [
      `https://evil.example/phish?code=${response.code}&survey=email-later`,
      `http://localhost:3000/en/survey-resume?code=${other.code}&survey=email-later`,
      'javascript:alert(1)',
    ]) {
      const foreign = await enqueue(
        response.code,
        { ...answerLater(response.code), email_config: { resume_url } },
        response.token,
      );
      expect(foreign.status, resume_url).toBe(400);
      expect(await bodyOf(foreign)).toMatchObject({ code: 'invalid_resume_url' });
    }
    const badAddress = await enqueue(
      response.code,
      { ...answerLater(response.code), email: 'not an address' },
      response.token,
    );
    expect(await bodyOf(badAddress)).toMatchObject({ code: 'invalid_email' });

    for (let sent = 0; sent < MAX_ANSWER_LATER_EMAILS; sent += 1) {
      expect((await enqueue(response.code, answerLater(response.code), response.token)).status).toBe(201);
    }
    const tooMany = await enqueue(response.code, answerLater(response.code), response.token);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toBeTruthy();
  });

  it("a finished response gets its response e-mail once, only to the address it gave, on the survey's template", async () => {
    const response = await startResponse('email-answers', answersId);
    await finish(response.id, { '101': ['1'], 'url_param:email': ['Ana@Example.com'] });
    const body = { template: 666, subject: 'Spam', email: 'ana@example.com', email_config: {}, attach_excel: false };
    const elsewhere = await enqueue(response.code, { ...body, email: 'victim@example.com' }, response.token);
    expect(elsewhere.status).toBe(403);
    expect(await bodyOf(elsewhere)).toMatchObject({ code: 'email_mismatch' });
    // Answer later, from a page left open while another device finished it: nothing is left to continue.
    const later = await enqueue(response.code, answerLater(response.code), response.token);
    expect(later.status).toBe(409);
    expect(await bodyOf(later)).toMatchObject({ code: 'response_completed' });

    expect(
      (await enqueue(response.code, { ...body, client_key: 'done-0123456789abcdef' }, response.token)).status,
    ).toBe(201);
    expect(
      (await enqueue(response.code, { ...body, client_key: 'done-again-0123456789' }, response.token)).status,
    ).toBe(200);
    expect(await payloads(response.id)).toEqual([
      {
        kind: 'response',
        email: 'ana@example.com',
        template: 9,
        subject: 'Your answers',
        email_config: {},
        attach_excel: true,
      },
    ]);
  });

  it('a response that asked to answer later still gets its response e-mail once finished', async () => {
    const response = await startResponse('email-both', bothId);
    expect((await enqueue(response.code, answerLater(response.code, 'email-both'), response.token)).status).toBe(201);
    await finish(response.id, { 'url_param:email': ['ana@example.com'] });
    const body = { template: 9, subject: null, email: 'ana@example.com', email_config: {}, attach_excel: false };
    expect((await enqueue(response.code, body, response.token)).status).toBe(201);
    expect((await enqueue(response.code, body, response.token)).status).toBe(200);
    expect((await payloads(response.id)).map((payload) => payload.kind)).toEqual(['answer_later', 'response']);
  });

  it('many requests at once never queue more answer-later e-mails than the limit (instances share one count)', async () => {
    const response = await startResponse('email-later', laterId);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        enqueue(
          response.code,
          { ...answerLater(response.code), client_key: `burst-request-${index}-key` },
          response.token,
        ),
      ),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(MAX_ANSWER_LATER_EMAILS);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(8 - MAX_ANSWER_LATER_EMAILS);
    expect(await payloads(response.id)).toHaveLength(MAX_ANSWER_LATER_EMAILS);
  });

  it('queues a request once: a repeat of its client_key is 200 and queues nothing', async () => {
    const response = await startResponse('email-later', laterId);
    const body = { ...answerLater(response.code), client_key: 'mail-0123456789abcdef' };
    expect((await enqueue(response.code, body, response.token)).status).toBe(201);
    expect((await enqueue(response.code, body, response.token)).status).toBe(200);
    expect(await payloads(response.id)).toHaveLength(1);
  });

  it('one caller, or one address, gets only so many e-mails an hour, whatever responses they come from (429)', async () => {
    const toOneAddress = async (client: string) => {
      const response = await startResponse('email-later', laterId);
      return enqueue(response.code, answerLater(response.code), response.token, client);
    };
    for (let sent = 0; sent < EMAILS_PER_ADDRESS.limit; sent += 1) {
      expect((await toOneAddress(`198.51.100.${sent}`)).status).toBe(201);
    }
    const tooMany = await toOneAddress('198.51.100.200');
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(3000);

    await (await currentTestDb()).deleteFrom('rate_events').execute();
    for (let sent = 0; sent < EMAILS_PER_CLIENT.limit; sent += 1) {
      const response = await startResponse('email-later', laterId);
      const body = { ...answerLater(response.code), email: `person${sent}@example.com` };
      expect((await enqueue(response.code, body, response.token, '192.0.2.1')).status).toBe(201);
    }
    const response = await startResponse('email-later', laterId);
    const fromSameCaller = { ...answerLater(response.code), email: 'someone.else@example.com' };
    expect((await enqueue(response.code, fromSameCaller, response.token, '192.0.2.1')).status).toBe(429);
    expect((await enqueue(response.code, fromSameCaller, response.token, '192.0.2.2')).status).toBe(201);
  });

  it('counts with the saves of responses, before the token: 429 with Retry-After once the client has used them up', async () => {
    const response = await startResponse('email-later', laterId);
    const client = '203.0.113.51';
    await spendClientLimit(RESPONSE_WRITES_PER_CLIENT, client, RESPONSE_WRITES_PER_CLIENT.limit);
    const refused = await enqueue(response.code, answerLater(response.code), 'not-the-token', client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await enqueue(response.code, answerLater(response.code), response.token, '198.51.100.51')).status).toBe(
      201,
    );
  });

  it('403 without the token, 404 for an unknown response, 400 for a bad body', async () => {
    const response = await startResponse('email-later', laterId);
    const body = answerLater(response.code);
    expect((await enqueue(response.code, body)).status).toBe(403);
    expect((await enqueue(response.code, body, 'wrong')).status).toBe(403);
    expect((await enqueue('AAAAAAAAAAAAAAAAAAAAAA', body, response.token)).status).toBe(404);
    const bad = await enqueue(response.code, { subject: 'no address' }, response.token);
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_body', detail: expect.stringContaining('email') });
  });
});
