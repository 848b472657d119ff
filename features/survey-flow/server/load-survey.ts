import 'server-only';
import { cache } from 'react';
import { getServerSideApiBaseUrl } from '@/lib/api/api-base-url';
import { createApiClient } from '@/lib/api/client';
import { toApiError, type ErrorKey } from '@/lib/api/errors';
import { createSurveyApi } from '@/lib/api/survey-api';
import type { Survey } from '@/lib/survey-format/survey';

export type LoadedSurvey = { ok: true; survey: Survey } | { ok: false; key: ErrorKey; status?: number };

/**
 * read-survey for one request (React `cache`: the page and its metadata share one call), parsed with the
 * contract. Never throws: a failure is a catalogue key for the error screen.
 */
export const loadSurvey = cache(async (surveyCode: string): Promise<LoadedSurvey> => {
  const api = createSurveyApi(createApiClient({ baseURL: await getServerSideApiBaseUrl(), timeoutMs: 15_000 }));
  try {
    return { ok: true, survey: await api.readSurvey(surveyCode) };
  } catch (error) {
    const apiError = toApiError(error);
    return { ok: false, key: apiError.key, status: apiError.status };
  }
});
