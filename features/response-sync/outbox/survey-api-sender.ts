import type { SurveyApi } from '@/lib/api/survey-api';

import type { OutboxSender } from './outbox-types';

/** The outbox's sender over the survey API client. */
export function createSurveyApiSender(
  api: Pick<SurveyApi, 'createResponse' | 'patchResponse' | 'uploadFile' | 'queueAlert' | 'queueResponseEmail'>,
): OutboxSender {
  return {
    createResponse: (surveyCode, body) => api.createResponse(surveyCode, body),
    patchResponse: (responseCode, body, token) => api.patchResponse(responseCode, body, token),
    uploadFile: (fields, file, fileName, token) => api.uploadFile({ ...fields, file, fileName }, token),
    queueAlert: (responseCode, alertId, body, token) => api.queueAlert(responseCode, alertId, body, token),
    queueResponseEmail: (responseCode, body, token) => api.queueResponseEmail(responseCode, body, token),
  };
}
