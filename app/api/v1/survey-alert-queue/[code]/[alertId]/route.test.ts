import { beforeAll, describe, expect, it, vi } from 'vitest';

import { PEER_HEADER } from '@/server/http/request-headers';
import { ALERTS_PER_CLIENT } from '@/server/queues/alert-queue';
import { RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';
import { spendClientLimit } from '@/server/testing/rate-limits';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bearer, bodyOf, routeParams } from '@/server/testing/http';
import { seedSurvey, startResponse } from '@/server/testing/scenario';
import { currentTestDb, setUpTestBackend } from '@/server/testing/test-backend';

import { POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

function alert(code: string, alertId: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return POST(
    apiRequest('POST', `/api/v1/survey-alert-queue/${code}/${alertId}/`, body, { ...bearer(token), ...headers }),
    routeParams({ code, alertId }),
  );
}

describe('POST /api/v1/survey-alert-queue/{response_code}/{alert_id}/', () => {
  let surveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('alert-survey'));
  });

  it('queues an alert once per response: 201 first, then 200 {duplicate: true}', async () => {
    const response = await startResponse('alert-survey', surveyId);
    const first = await alert(response.code, '9', { id: 9, page_id: 1 }, response.token);
    expect(first.status).toBe(201);
    expect(await bodyOf(first)).toEqual({ duplicate: false });
    const again = await alert(response.code, '9', { id: 9, page_id: 1 }, response.token);
    expect(again.status).toBe(200);
    expect(await bodyOf(again)).toEqual({ duplicate: true });

    const racing = await startResponse('alert-survey', surveyId);
    const statuses = await Promise.all(
      [1, 2, 3].map(async () => (await alert(racing.code, '9', { id: 9, page_id: 1 }, racing.token)).status),
    );
    expect(statuses.sort()).toEqual([200, 200, 201]);
    const db = await currentTestDb();
    const rows = await db
      .selectFrom('alert_queue')
      .select('id')
      .where('response_id', 'in', [response.id, racing.id])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('404 for an alert the survey does not have, or an unknown response', async () => {
    const response = await startResponse('alert-survey', surveyId);
    const unknownAlert = await alert(response.code, '77', { id: 77, page_id: 1 }, response.token);
    expect(unknownAlert.status).toBe(404);
    expect((await alert('AAAAAAAAAAAAAAAAAAAAAA', '9', { id: 9, page_id: 1 }, response.token)).status).toBe(404);
  });

  it('403 without the token; 400 for a bad body, a bad alert id or a body for another alert', async () => {
    const response = await startResponse('alert-survey', surveyId);
    expect((await alert(response.code, '9', { id: 9, page_id: 1 })).status).toBe(403);
    expect((await alert(response.code, '9', { page_id: 'x' }, response.token)).status).toBe(400);
    expect((await alert(response.code, 'nine', { id: 9, page_id: 1 }, response.token)).status).toBe(400);
    const mismatch = await alert(response.code, '9', { id: 8, page_id: 1 }, response.token);
    expect(mismatch.status).toBe(400);
    expect(await bodyOf(mismatch)).toMatchObject({ code: 'alert_mismatch' });
  });

  it('counts with the saves of responses: 429 with Retry-After once the client has used them up', async () => {
    const response = await startResponse('alert-survey', surveyId);
    const client = '203.0.113.41';
    await spendClientLimit(RESPONSE_WRITES_PER_CLIENT, client, RESPONSE_WRITES_PER_CLIENT.limit);
    const refused = await alert(response.code, '9', { id: 9, page_id: 1 }, 'not-the-token', { [PEER_HEADER]: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await alert(response.code, '9', { id: 9, page_id: 1 }, response.token, {
      [PEER_HEADER]: '198.51.100.41',
    });
    expect(other.status).toBe(201);
  });

  it('limits the new alerts one client queues in an hour; a repeat of one queued is not counted', async () => {
    const client = '203.0.113.42';
    const queued = await startResponse('alert-survey', surveyId);
    const headers = { [PEER_HEADER]: client };
    expect((await alert(queued.code, '9', { id: 9, page_id: 1 }, queued.token, headers)).status).toBe(201);
    await spendClientLimit(ALERTS_PER_CLIENT, client, ALERTS_PER_CLIENT.limit);
    const fresh = await startResponse('alert-survey', surveyId);
    const refused = await alert(fresh.code, '9', { id: 9, page_id: 1 }, fresh.token, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await alert(queued.code, '9', { id: 9, page_id: 1 }, queued.token, headers)).status).toBe(200);
    const elsewhere = await alert(fresh.code, '9', { id: 9, page_id: 1 }, fresh.token, {
      [PEER_HEADER]: '198.51.100.42',
    });
    expect(elsewhere.status).toBe(201);
  });
});
