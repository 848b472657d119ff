import type { ApiClientOptions } from './client';
import type { SurveyApi } from './survey-api';

type Method = keyof SurveyApi;
type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The survey API for the browser, loaded on first use: axios and the answer schemas (zod) are not needed to
 * show and answer the server-rendered first page, so they stay out of the JavaScript that page needs before its
 * first input. `preload()` fetches them once the page is interactive.
 */
export function createLazySurveyApi(options: ApiClientOptions): SurveyApi & { preload(): Promise<void> } {
  let loading: Promise<SurveyApi> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('./client'), import('./survey-api')]).then(([client, api]) =>
      api.createSurveyApi(client.createApiClient(options)),
    ));
  const lazy = <K extends Method>(name: K): SurveyApi[K] =>
    ((...args: unknown[]) =>
      load().then((api) => (api[name] as unknown as AnyCall)(...args))) as unknown as SurveyApi[K];
  return {
    readSurvey: lazy('readSurvey'),
    createResponse: lazy('createResponse'),
    getResponse: lazy('getResponse'),
    patchResponse: lazy('patchResponse'),
    queueResponseEmail: lazy('queueResponseEmail'),
    queueAlert: lazy('queueAlert'),
    checkPassword: lazy('checkPassword'),
    uploadFile: lazy('uploadFile'),
    downloadFile: lazy('downloadFile'),
    async preload() {
      await load();
    },
  };
}
