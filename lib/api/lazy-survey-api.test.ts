import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLazySurveyApi } from './lazy-survey-api';

const loaded = vi.hoisted(() => new Set<string>());

vi.mock('./client', () => {
  loaded.add('client');
  return { createApiClient: () => ({}) };
});
vi.mock('./response-api', () => {
  loaded.add('response-api');
  return { createResponseApi: () => ({ createResponse: async (code: string) => ({ created: code }) }) };
});
vi.mock('./read-survey', () => {
  loaded.add('read-survey');
  return { createReadSurvey: () => async (code: string) => ({ survey_code: code }) };
});

describe('the browser’s survey API (lazy-survey-api.ts)', () => {
  beforeEach(() => loaded.clear());

  it('loads nothing until a call, the response calls without the survey’s schema, read-survey when called', async () => {
    const api = createLazySurveyApi({ baseURL: 'http://backend.test/api' });
    expect(loaded.size).toBe(0);

    await api.preload();
    await expect(api.createResponse('demo', {} as never)).resolves.toEqual({ created: 'demo' });
    expect([...loaded].sort()).toEqual(['client', 'response-api']);

    await expect(api.readSurvey('demo')).resolves.toEqual({ survey_code: 'demo' });
    expect(loaded.has('read-survey')).toBe(true);
  });
});
