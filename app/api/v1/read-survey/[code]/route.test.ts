import { beforeAll, describe, expect, it, vi } from 'vitest';

import { surveySchema } from '@/lib/survey-format/survey';
import { testSurveyFile } from '@/server/testing/fixtures';
import { apiRequest, bearer, bodyOf, routeParams } from '@/server/testing/http';
import { seedSurvey } from '@/server/testing/scenario';
import { setUpTestBackend } from '@/server/testing/test-backend';

import { POST as checkPassword } from '../../../v2/surveys/check-password-repository/route';
import { GET } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

setUpTestBackend();

function read(code: string, token?: string) {
  return GET(apiRequest('GET', `/api/v1/read-survey/${code}/`, undefined, bearer(token)), routeParams({ code }));
}

describe('GET /api/v1/read-survey/{code}/', () => {
  let protectedId = 0;

  beforeAll(async () => {
    await seedSurvey(testSurveyFile('open-survey'));
    protectedId = await seedSurvey(
      testSurveyFile('locked-survey', {
        password: 'demo',
        user_profile: { pack: 'PRO' },
        share_config: { password: 'should-never-leak' },
      }),
    );
    await seedSurvey(testSurveyFile('closed-author', { config: { is_open: false } }));
    await seedSurvey(testSurveyFile('closed-max', { config: { max_responses: 0 } }));
    await seedSurvey(testSurveyFile('closed-date', { config: { end_date: '2020-01-01T00:00:00.000Z' } }));
    await seedSurvey(testSurveyFile('closed-day', { config: { end_date: '2020-01-01' } }));
    await seedSurvey(testSurveyFile('open-future', { config: { end_date: '2999-01-01T00:00:00.000+01:00' } }));
  });

  it('answers the survey with defaults applied, in the contract shape', async () => {
    const response = await read('open-survey');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const survey = surveySchema.parse(await response.json());
    expect(survey.is_open).toBe(true);
    expect(survey.close_reason).toBeNull();
    expect(survey.pages[0]?.widgets).toHaveLength(5);
    expect(survey.config.hide_back_button).toBe(true);
    expect(survey.share_config.password).toBe(false);
    expect(survey.responses_total).toBe(0);
  });

  it('404 for an unknown survey, 400 for a malformed code', async () => {
    const missing = await read('no-such-survey');
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toMatchObject({ code: 'not_found' });
    const bad = await read('bad code!');
    expect(bad.status).toBe(400);
    expect(await bodyOf(bad)).toMatchObject({ code: 'invalid_params' });
  });

  it('hides pages and rules of a password survey until the gate token is sent, and never sends the password', async () => {
    const gated = await read('locked-survey');
    const text = await gated.text();
    expect(text).not.toContain('should-never-leak');
    expect(text).not.toContain('demo"');
    const survey = surveySchema.parse(JSON.parse(text));
    expect(survey.pages).toEqual([]);
    expect(survey.logic_list).toEqual([]);
    expect(survey.share_config.password).toBe(true);
    expect(survey.share_config.repository_password).toBe(true);

    const check = await checkPassword(
      apiRequest('POST', '/api/v2/surveys/check-password-repository/', { survey_id: protectedId, password: 'demo' }),
    );
    const { access_token: token } = await bodyOf(check);
    expect(typeof token).toBe('string');
    const open = await read('locked-survey', token as string);
    const openText = await open.text();
    expect(openText).not.toContain('should-never-leak');
    expect(surveySchema.parse(JSON.parse(openText)).pages).toHaveLength(1);

    const forged = await read('locked-survey', `${protectedId}.9999999999999.AAAA`);
    expect(surveySchema.parse(await forged.json()).pages).toEqual([]);
  });

  it.each([
    ['closed-author', 'author'],
    ['closed-max', 'max_responses'],
    ['closed-date', 'end_date'],
    ['closed-day', 'end_date'],
  ])('%s is closed with reason %s', async (code, reason) => {
    const survey = surveySchema.parse(await (await read(code)).json());
    expect(survey.is_open).toBe(false);
    expect(survey.close_reason).toBe(reason);
  });

  it('an end date in the future keeps the survey open', async () => {
    const survey = surveySchema.parse(await (await read('open-future')).json());
    expect(survey.is_open).toBe(true);
  });
});
