import type { TimeoutType } from '@/lib/survey-format/config';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
/** The largest time a `Date` holds (ECMAScript's time range). */
const LAST_DATE_MS = 8.64e15;

/** Fixed lengths on purpose: a "day" is 24 h, so a deadline never moves with a daylight-saving change. */
const UNIT_MS: Record<TimeoutType, number> = {
  minutes: MINUTE_MS,
  hours: 60 * MINUTE_MS,
  days: 24 * 60 * MINUTE_MS,
};

/**
 * The moment (ms since the epoch) a response started at `startDate` runs out of time (spec §4: start date plus
 * `timeout_amount` in `timeout_type` units). Counting from the stored start date, not from when the page
 * loaded, is what keeps the deadline right across reloads and devices.
 *
 * A start date that is not a date counts from now, as a response without one does: a late start only gives the
 * respondent more time, where no deadline at all would turn the time limit off. Throws a `RangeError` for an amount
 * that is negative or not finite, or one that puts the deadline beyond any date: a guessed deadline would expire a
 * respondent's answers, or never expire them.
 */
export function timerDeadline(startDate: string | Date, amount: number, type: TimeoutType): number {
  const given = typeof startDate === 'string' ? Date.parse(startDate) : startDate.getTime();
  const start = Number.isFinite(given) ? given : Date.now();
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Invalid timer amount: ${amount}`);
  const deadline = start + amount * UNIT_MS[type];
  // Beyond the last moment a date can name (an amount of 1e306 days): no deadline can be shown or reached.
  if (!(deadline <= LAST_DATE_MS)) throw new RangeError(`Timer amount beyond any date: ${amount}`);
  return deadline;
}

/** Milliseconds left until `deadline` at `now`; never negative. */
export function remainingMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** Whole seconds shown for `ms` left: rounded up, so the display reads 0:00 only once time is really up. */
export function remainingSeconds(ms: number): number {
  return ms > 0 ? Math.ceil(ms / SECOND_MS) : 0;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * `ms` left as `H:MM:SS` from one hour up (`1:05:09`, `72:00:00` for three days) and `M:SS` below (`4:59`,
 * `0:07`), in ASCII digits; the timer writes them in the page's (`localDigits`). A string of digits and colons keeps
 * its order inside right-to-left text.
 */
export function formatRemaining(ms: number): string {
  const total = remainingSeconds(ms);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes}:${twoDigits(seconds)}`;
}

/**
 * The smallest announcement threshold, in whole minutes, at or above `minutes`: every minute up to 5, every
 * 5 minutes up to an hour, every half hour beyond. Sparse far from the end so a screen reader is not
 * interrupted all the time; dense near the end, where the respondent must act.
 */
function thresholdAtOrAbove(minutes: number): number {
  if (minutes <= 5) return minutes;
  if (minutes <= 60) return Math.ceil(minutes / 5) * 5;
  return Math.ceil(minutes / 30) * 30;
}

/**
 * The minutes-left count to announce when the time left went from `previousMs` to `currentMs`, or `null` when
 * no threshold was crossed on the way. A threshold of T minutes is crossed when the time left drops to T
 * minutes or below. When several were crossed at once (a tab that slept in the background), only the lowest,
 * the one closest to the truth, is announced. Zero is not a threshold: expiry has its own message.
 */
export function announcementFor(previousMs: number, currentMs: number): number | null {
  if (!Number.isFinite(previousMs) || !Number.isFinite(currentMs)) return null;
  if (currentMs <= 0 || currentMs >= previousMs) return null;
  const threshold = thresholdAtOrAbove(Math.max(1, Math.ceil(currentMs / MINUTE_MS)));
  return threshold * MINUTE_MS < previousMs ? threshold : null;
}
