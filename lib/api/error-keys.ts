/*
 * The error catalogue's keys and their messages, apart from the errors themselves (errors.ts): the survey page shows
 * these from its first render, while the code that makes and classifies errors is needed only once it calls the API.
 */

/** Keys of the error catalogue (spec §8); the UI translates them. */
export const errorKeys = [
  'authentication_error',
  'unauthorized',
  'not_found',
  'rate_exceed',
  'system_messages_unique_responses',
  'unexpected_error',
  'access_error',
] as const;
export type ErrorKey = (typeof errorKeys)[number];

/** Each key's message (`api` in messages/*.json), spelled out so that every one is checked against the messages. */
export const errorMessageKeys = {
  authentication_error: 'api.authentication_error',
  unauthorized: 'api.unauthorized',
  not_found: 'api.not_found',
  rate_exceed: 'api.rate_exceed',
  system_messages_unique_responses: 'api.system_messages_unique_responses',
  unexpected_error: 'api.unexpected_error',
  access_error: 'api.access_error',
} as const satisfies Record<ErrorKey, string>;
