import type { CloseReason, Survey } from '@/lib/survey-format/survey';

import { forbidden, type ApiError } from '../http/api-error';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an end date stops accepting answers. A bare date (`2026-05-31`) includes that whole day (UTC), which is
 * what an owner who picks a day in a calendar means; a date-time is exact. Unparseable dates never close.
 */
function endInstant(endDate: string): number | null {
  const time = Date.parse(endDate);
  if (Number.isNaN(time)) return null;
  return DATE_ONLY.test(endDate) ? time + DAY_MS : time;
}

/** Why the survey is closed right now, or null when it is open. The author's choice wins over the limits. */
export function closeReasonOf(
  survey: Pick<Survey, 'is_open' | 'config'>,
  finishedResponses: number,
  now: number,
): CloseReason | null {
  if (!survey.is_open || !survey.config.is_open) return 'author';
  const max = survey.config.max_responses;
  if (max !== null && finishedResponses >= max) return 'max_responses';
  const end = survey.config.end_date === null ? null : endInstant(survey.config.end_date);
  if (end !== null && now >= end) return 'end_date';
  return null;
}

/** 403 for writes to a closed survey; `close_reason` lets the client pick the right message. */
export function closedError(closeReason: CloseReason): ApiError {
  return forbidden('survey_closed', 'This survey is closed. For more information please contact the survey author.', {
    close_reason: closeReason,
  });
}
