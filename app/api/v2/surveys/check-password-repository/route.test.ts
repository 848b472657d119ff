import { beforeAll, describe, expect, it, vi } from 'vitest';

import { checkPasswordResultSchema } from '@/lib/survey-format/response';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bodyOf } from '@/server/testing/http';
import { seedSurvey } from '@/server/testing/scenario';
import { setUpTestBackend } from '@/server/testing/test-backend';

import { MAX_WRONG_PASSWORDS_PER_SURVEY } from '@/server/passwords/check-password';

import { POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

const PATH = '/api/v2/surveys/check-password-repository/';

function check(body: unknown, headers: Record<string, string> = {}) {
  return POST(apiRequest('POST', PATH, body, headers));
}

describe('POST /api/v2/surveys/check-password-repository/', () => {
  let surveyId = 0;
  let openId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('pw-survey', { password: 'demo', user_profile: { pack: 'PRO' } }));
    openId = await seedSurvey(testSurveyFile('pw-open'));
  });

  it('right password: is_valid, custom_fields and an access token; the password is never echoed', async () => {
    const response = await check({ survey_id: surveyId, password: 'demo' }, { 'x-encuesta-peer': '10.0.0.1' });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('"demo"');
    const result = checkPasswordResultSchema.parse(JSON.parse(text));
    expect(result).toMatchObject({ is_valid: true, custom_fields: {} });
    expect(result.access_token).toMatch(new RegExp(`^${surveyId}\\.\\d+\\.[A-Za-z0-9_-]+$`));
  });

  it('wrong password: is_valid false, no token', async () => {
    const response = await check({ survey_id: surveyId, password: 'nope' }, { 'x-encuesta-peer': '10.0.0.2' });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ is_valid: false, custom_fields: {} });
  });

  it('the 6th wrong try within 60 s is 429 with Retry-After, without checking; other clients are unaffected', async () => {
    const client = { 'x-encuesta-peer': '203.0.113.7' };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await check({ survey_id: surveyId, password: `wrong-${attempt}` }, client);
      expect(response.status).toBe(200);
    }
    const limited = await check({ survey_id: surveyId, password: 'demo' }, client);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await bodyOf(limited)).toMatchObject({ code: 'rate_exceed' });
    expect((await check({ survey_id: surveyId, password: 'demo' }, client)).status).toBe(429);

    const other = await check({ survey_id: surveyId, password: 'demo' }, { 'x-encuesta-peer': '198.51.100.1' });
    expect(await bodyOf(other)).toMatchObject({ is_valid: true });
  });

  it('right answers do not count toward the limit', async () => {
    const client = { 'x-encuesta-peer': '192.0.2.44' };
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      expect((await check({ survey_id: surveyId, password: 'demo' }, client)).status).toBe(200);
    }
  });

  it('a rotating X-Forwarded-For is not a new client: the 6th wrong try is 429 all the same', async () => {
    const peer = '192.0.2.99';
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const forged = {
        'x-encuesta-peer': peer,
        'x-forwarded-for': `198.51.100.${attempt}`,
        'x-real-ip': `10.9.9.${attempt}`,
      };
      statuses.push((await check({ survey_id: surveyId, password: `guess-${attempt}` }, forged)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('addresses of one IPv6 /64 are one client: rotating them cannot lock the gate for everyone', async () => {
    const id = await seedSurvey(testSurveyFile('pw-v6', { password: 'demo', user_profile: { pack: 'PRO' } }));
    const statuses: number[] = [];
    for (let host = 1; host <= 60; host += 1) {
      const peer = { 'x-encuesta-peer': `2001:db8::${host.toString(16)}` };
      statuses.push((await check({ survey_id: id, password: `guess-${host}` }, peer)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const respondent = await check({ survey_id: id, password: 'demo' }, { 'x-encuesta-peer': '2001:db8:1::7' });
    expect(respondent.status).toBe(200);
    expect(await bodyOf(respondent)).toMatchObject({ is_valid: true });
  });

  it('many clients guessing one survey meet a limit of their own', async () => {
    const id = await seedSurvey(testSurveyFile('pw-crowd', { password: 'demo', user_profile: { pack: 'PRO' } }));
    const statuses: number[] = [];
    for (let client = 1; client <= MAX_WRONG_PASSWORDS_PER_SURVEY + 2; client += 1) {
      const response = await check({ survey_id: id, password: 'wrong' }, { 'x-encuesta-peer': `10.1.${client}.1` });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_WRONG_PASSWORDS_PER_SURVEY);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('concurrent wrong tries cannot slip past the limit', async () => {
    const client = { 'x-encuesta-peer': '198.51.100.200' };
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => check({ survey_id: surveyId, password: `x${index}` }, client)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('a survey without a password has no gate to open', async () => {
    const response = await check({ survey_id: openId, password: 'anything' });
    expect(await bodyOf(response)).toEqual({ is_valid: true, custom_fields: {} });
  });

  it('400 for a bad body, 404 for an unknown survey', async () => {
    const bad = await check({ survey_id: 'one' });
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_body' });
    const missing = await check({ survey_id: 999_999, password: 'x' });
    expect(missing.status).toBe(404);
  });
});
