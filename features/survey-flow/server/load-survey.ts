import 'server-only';
import { cache } from 'react';
import { getServerSideApiBaseUrl } from '@/lib/api/api-base-url';
import { createApiClient } from '@/lib/api/client';
import { toApiError, type ErrorKey } from '@/lib/api/errors';
import { createSurveyApi } from '@/lib/api/survey-api';
import type { Survey } from '@/lib/survey-format/survey';
import { createRecentReads } from '@/lib/recent-reads';

export type LoadedSurvey = { ok: true; survey: Survey } | { ok: false; key: ErrorKey; status?: number };

/**
 * How long a survey read for one page request serves the others. The server's read carries nothing of the
 * respondent (no cookie, no token: a gated survey comes without its pages), so every request gets the same answer;
 * under load, one read (and one parse) then serves every page rendered in that second instead of one each.
 */
const SHARED_READ_MS = 1_000;

const recentReads = createRecentReads<LoadedSurvey>({ ttlMs: SHARED_READ_MS, maxEntries: 500 });

async function readSurvey(surveyCode: string): Promise<LoadedSurvey> {
  const api = createSurveyApi(createApiClient({ baseURL: await getServerSideApiBaseUrl(), timeoutMs: 15_000 }));
  try {
    return { ok: true, survey: await api.readSurvey(surveyCode) };
  } catch (error) {
    const apiError = toApiError(error);
    return { ok: false, key: apiError.key, status: apiError.status };
  }
}

/**
 * read-survey for a page request (React `cache`: the page and its metadata share one call), parsed with the
 * contract. Never throws: a failure is a catalogue key for the error screen, and is never shared.
 */
export const loadSurvey = cache((surveyCode: string): Promise<LoadedSurvey> =>
  recentReads.get(
    surveyCode,
    () => readSurvey(surveyCode),
    (loaded) => loaded.ok,
  ),
);
