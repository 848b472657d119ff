import type { AxiosInstance } from 'axios';
import { surveySchema, type Survey } from '@/lib/survey-format/survey';
import { withCloseState } from '@/lib/survey-format/survey-status';
import { parseAnswer } from './call-checks';
import { bearer } from './client';
import { paths } from './paths';
import type { CallOptions } from './response-api';

/**
 * GET /v1/read-survey/{survey_code}/ — a malformed survey is `access_error`; one its config closes is closed. A module of its own: the survey's
 * schema is the largest part of the contract, and the browser needs it only behind a password gate or on the
 * resume page (the survey page reads the survey on the server), so the response calls load without it.
 */
export function createReadSurvey(client: AxiosInstance) {
  return async function readSurvey(
    surveyCode: string,
    options: CallOptions & { accessToken?: string | null } = {},
  ): Promise<Survey> {
    const response = await client.get<unknown>(paths.readSurvey(surveyCode), {
      headers: bearer(options.accessToken),
      signal: options.signal,
    });
    return withCloseState(parseAnswer(surveySchema, response.data, 'access_error', response.status), Date.now());
  };
}
