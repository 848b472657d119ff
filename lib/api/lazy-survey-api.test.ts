import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLazySurveyApi } from './lazy-survey-api';

const loaded = vi.hoisted(() => new Set<string>());
const failures = vi.hoisted(() => ({ client: 0 }));

// Each module's factory function runs once its module is loaded for an API: that is what is noted.
vi.mock('./client', () => ({
  createApiClient: () => {
    if (failures.client > 0) {
      failures.client -= 1;
      throw new Error('Failed to fetch the chunk');
    }
    loaded.add('client');
    return {};
  },
}));
vi.mock('./response-api', () => ({
  createResponseApi: () => {
    loaded.add('response-api');
    return { createResponse: async (code: string) => ({ created: code }) };
  },
}));
vi.mock('./read-survey', () => ({
  createReadSurvey: () => {
    loaded.add('read-survey');
    return async (code: string) => ({ survey_code: code });
  },
}));

describe('the browser’s survey API (lazy-survey-api.ts)', () => {
  beforeEach(() => loaded.clear());
  const lazyApi = () => createLazySurveyApi({ baseURL: 'http://backend.test/api' });

  it('loads nothing until a call, the response calls without the survey’s schema, read-survey when called', async () => {
    const api = lazyApi();
    expect(loaded.size).toBe(0);

    await api.preload();
    await expect(api.createResponse('demo', {} as never)).resolves.toEqual({ created: 'demo' });
    expect([...loaded].sort()).toEqual(['client', 'response-api']);

    await expect(api.readSurvey('demo')).resolves.toEqual({ survey_code: 'demo' });
    expect(loaded.has('read-survey')).toBe(true);
  });

  it('preloads read-survey too for a page that will read the survey', async () => {
    await lazyApi().preload({ readSurvey: true });
    expect([...loaded].sort()).toEqual(['client', 'read-survey', 'response-api']);
  });

  it('tries a load that failed again on the next call, instead of failing every call after it', async () => {
    failures.client = 1;
    const api = lazyApi();
    await expect(api.createResponse('demo', {} as never)).rejects.toThrow('Failed to fetch the chunk');
    await expect(api.createResponse('demo', {} as never)).resolves.toEqual({ created: 'demo' });
  });
});
