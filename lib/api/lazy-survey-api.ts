import { loadOnce } from '@/lib/load-once';
import type { ApiClientOptions } from './client';
import type { SurveyApi } from './survey-api';

type ResponseMethod = Exclude<keyof SurveyApi, 'readSurvey'>;
type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The survey API for the browser, loaded on first use: axios and the answer schemas (zod) are not needed to
 * show and answer the server-rendered first page, so they stay out of the JavaScript that page needs before its
 * first input. `preload()` fetches the response calls once the page is interactive; read-survey, with the whole
 * survey's schema, only for a page that will call it (the password gate, the resume page).
 */
export type LazySurveyApi = SurveyApi & { preload(parts?: { readSurvey?: boolean }): Promise<void> };

export function createLazySurveyApi(options: ApiClientOptions): LazySurveyApi {
  const loadClient = loadOnce(() => import('./client').then((module) => module.createApiClient(options)));
  const loadResponseApi = loadOnce(() =>
    Promise.all([loadClient(), import('./response-api')]).then(([axios, module]) => module.createResponseApi(axios)),
  );
  const loadReadSurvey = loadOnce(() =>
    Promise.all([loadClient(), import('./read-survey')]).then(([axios, module]) => module.createReadSurvey(axios)),
  );
  const lazy = <K extends ResponseMethod>(name: K): SurveyApi[K] =>
    ((...args: unknown[]) =>
      loadResponseApi().then((api) => (api[name] as unknown as AnyCall)(...args))) as unknown as SurveyApi[K];
  return {
    readSurvey: (...args) => loadReadSurvey().then((read) => read(...args)),
    createResponse: lazy('createResponse'),
    getResponse: lazy('getResponse'),
    patchResponse: lazy('patchResponse'),
    queueResponseEmail: lazy('queueResponseEmail'),
    queueAlert: lazy('queueAlert'),
    checkPassword: lazy('checkPassword'),
    uploadFile: lazy('uploadFile'),
    downloadFile: lazy('downloadFile'),
    /** The response calls, and read-survey too for a page that will read the survey (a gate, the resume page). */
    async preload(parts = {}) {
      await Promise.all([loadResponseApi(), parts.readSurvey ? loadReadSurvey() : null]);
    },
  };
}
