/**
 * ISO-8601 with the local offset, as the wire format wants (`2026-11-22T10:30:00.000+01:00`). `toISOString()`
 * would give UTC with `Z`, losing the respondent's local time of day that reports show.
 */
export function formatIsoWithOffset(date: Date): string {
  const pad = (value: number, length = 2) => String(Math.trunc(Math.abs(value))).padStart(length, '0');
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(offsetMinutes / 60)}:${pad(offsetMinutes % 60)}`
  );
}
