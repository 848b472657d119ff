/** A path segment: URL-encoded, so a code can never reach another route. */
const seg = (value: string | number) => encodeURIComponent(String(value));

/**
 * The paths of spec §7 under the API base URL. Apart from the client (no axios, no zod), so a keepalive request
 * sent while the page unloads can build its URL without loading either.
 */
export const paths = {
  readSurvey: (surveyCode: string) => `/v1/read-survey/${seg(surveyCode)}/`,
  createResponse: (surveyCode: string) => `/v1/survey-response/${seg(surveyCode)}/`,
  response: (responseCode: string) => `/v1/survey-response/${seg(responseCode)}/`,
  emailQueue: (responseCode: string) => `/v1/survey-email-response-queue/${seg(responseCode)}/`,
  alertQueue: (responseCode: string, alertId: number) => `/v1/survey-alert-queue/${seg(responseCode)}/${seg(alertId)}/`,
  checkPassword: () => '/v2/surveys/check-password-repository/',
  upload: () => '/v1/upload/file/',
} as const;

/** `path` under `baseURL`, however the base ends (`/api` or `/api/`). */
export function apiUrl(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}${path}`;
}
