import type { AxiosInstance } from 'axios';
import { createReadSurvey } from './read-survey';
import { createResponseApi } from './response-api';

/** The calls of spec §7, each declared once with its schema: read-survey and the response calls. */
export function createSurveyApi(client: AxiosInstance) {
  return { readSurvey: createReadSurvey(client), ...createResponseApi(client) };
}

export type SurveyApi = ReturnType<typeof createSurveyApi>;
