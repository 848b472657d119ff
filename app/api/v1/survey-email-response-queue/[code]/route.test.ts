import { beforeAll, describe, expect, it, vi } from 'vitest';

import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bearer, bodyOf, routeParams } from '@/server/testing/http';
import { seedSurvey, startResponse } from '@/server/testing/scenario';
import { currentTestDb, setUpTestBackend } from '@/server/testing/test-backend';

import { POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

function enqueue(code: string, body: unknown, token?: string) {
  return POST(
    apiRequest('POST', `/api/v1/survey-email-response-queue/${code}/`, body, bearer(token)),
    routeParams({ code }),
  );
}

const emailBody = {
  template: 3,
  email_config: { lang: 'es' },
  subject: 'Tus respuestas',
  email: 'ana@example.com',
  attach_excel: true,
};

describe('POST /api/v1/survey-email-response-queue/{response_code}/', () => {
  let surveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('email-survey'));
  });

  it('stores a job for the holder of the response token (201)', async () => {
    const response = await startResponse('email-survey', surveyId);
    const queued = await enqueue(response.code, emailBody, response.token);
    expect(queued.status).toBe(201);
    expect(await bodyOf(queued)).toMatchObject({ status: 'pending' });
    const db = await currentTestDb();
    const jobs = await db.selectFrom('email_queue').selectAll().where('response_id', '=', response.id).execute();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]?.payload ?? '{}')).toMatchObject({ email: 'ana@example.com', attach_excel: true });
  });

  it('queues a request once: a repeat of its client_key is 200 and queues nothing', async () => {
    const response = await startResponse('email-survey', surveyId);
    const body = { ...emailBody, client_key: 'mail-0123456789abcdef' };
    expect((await enqueue(response.code, body, response.token)).status).toBe(201);
    expect((await enqueue(response.code, body, response.token)).status).toBe(200);
    expect(
      (await enqueue(response.code, { ...body, client_key: 'mail-other-0123456789' }, response.token)).status,
    ).toBe(201);
    const db = await currentTestDb();
    const jobs = await db.selectFrom('email_queue').select('id').where('response_id', '=', response.id).execute();
    expect(jobs).toHaveLength(2);
  });

  it('a finished response gets one e-mail at most, whatever key the browser sends', async () => {
    const response = await startResponse('email-survey', surveyId);
    const db = await currentTestDb();
    await db.updateTable('responses').set({ completed: 1 }).where('id', '=', response.id).execute();
    expect(
      (await enqueue(response.code, { ...emailBody, client_key: 'done-0123456789abcdef' }, response.token)).status,
    ).toBe(201);
    expect(
      (await enqueue(response.code, { ...emailBody, client_key: 'done-again-0123456789' }, response.token)).status,
    ).toBe(200);
    const jobs = await db.selectFrom('email_queue').select('id').where('response_id', '=', response.id).execute();
    expect(jobs).toHaveLength(1);
  });

  it('403 without the token, 404 for an unknown response, 400 for a bad body', async () => {
    const response = await startResponse('email-survey', surveyId);
    expect((await enqueue(response.code, emailBody)).status).toBe(403);
    expect((await enqueue(response.code, emailBody, 'wrong')).status).toBe(403);
    expect((await enqueue('AAAAAAAAAAAAAAAAAAAAAA', emailBody, response.token)).status).toBe(404);
    const bad = await enqueue(response.code, { subject: 'no address' }, response.token);
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_body', detail: expect.stringContaining('email') });
  });
});
