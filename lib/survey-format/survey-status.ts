import type { CloseReason, Survey } from './survey';

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

/** Whether a start date is still to come. A bare date opens at the start of that day (UTC); garbage never holds back. */
function notYetOpen(startDate: string | null, now: number): boolean {
  const start = startDate === null ? NaN : Date.parse(startDate);
  return !Number.isNaN(start) && now < start;
}

/**
 * Why the survey is closed right now, or null when it is open. The author's choice wins over the limits. Before
 * its start date it is closed by its author: the format has no message of its own for "not yet open".
 */
export function closeReasonOf(
  survey: Pick<Survey, 'is_open' | 'config'>,
  finishedResponses: number | null,
  now: number,
): CloseReason | null {
  if (!survey.is_open || !survey.config.is_open || notYetOpen(survey.config.start_date, now)) return 'author';
  const max = survey.config.max_responses;
  if (max !== null && finishedResponses !== null && finishedResponses >= max) return 'max_responses';
  const end = survey.config.end_date === null ? null : endInstant(survey.config.end_date);
  if (end !== null && now >= end) return 'end_date';
  return null;
}

/**
 * A survey as read from a backend, closed when its own config says so (spec §4: `is_open` false in the config, its
 * end date passed, its start date to come) although the top-level `is_open` says open: another backend may leave
 * that fold to the app. The count toward `max_responses` is the backend's to make (`responses_total` need not count
 * finished ones only), so it only names the reason of a survey closed without one (the spec has no `close_reason`):
 * the config's reason by the same rule, else its author's.
 */
export function withCloseState(survey: Survey, now: number): Survey {
  if (!survey.is_open) {
    if (survey.close_reason !== null) return survey;
    const reason = closeReasonOf({ ...survey, is_open: true }, survey.responses_total, now) ?? 'author';
    return { ...survey, close_reason: reason };
  }
  const reason = closeReasonOf(survey, null, now);
  return reason === null ? survey : { ...survey, is_open: false, close_reason: reason };
}
