import type { DateFormat } from './date-formats';
import type { DatetimeMode } from './widget';

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /(?:^|T)(\d{2}):(\d{2})/;

type Parts = { date?: { year: string; month: string; day: string }; time?: { hour: string; minute: string } };

function parts(value: string): Parts {
  const date = DATE.exec(value);
  const time = TIME.exec(value);
  return {
    date: date ? { year: date[1] ?? '', month: date[2] ?? '', day: date[3] ?? '' } : undefined,
    time: time ? { hour: time[1] ?? '', minute: time[2] ?? '' } : undefined,
  };
}

/**
 * A value in the exact encoding of `mode` (`2026-11-22`, `10:30`, `2026-11-22T10:30`), or `''` when the value
 * does not hold what the mode needs. Seconds that a browser adds are dropped, and a value stored under another
 * mode keeps the part that still fits, so a native input never receives a string it would reject.
 */
export function normaliseDatetime(value: string | undefined, mode: DatetimeMode): string {
  if (!value) return '';
  const { date, time } = parts(value);
  const datePart = date ? `${date.year}-${date.month}-${date.day}` : '';
  const timePart = time ? `${time.hour}:${time.minute}` : '';
  switch (mode) {
    case 'date':
      return datePart;
    case 'time':
      return timePart;
    case 'datetime':
      return datePart && timePart ? `${datePart}T${timePart}` : '';
  }
}

/**
 * The value as the survey's `date_format` writes it (`DD/MM/YYYY` → `22/11/2026`, plus ` 10:30` in datetime
 * mode), shown beside the native control, whose own display follows the browser's locale instead. Null when
 * there is nothing to show: no value, no format, or time mode.
 */
export function formatDatetime(value: string, mode: DatetimeMode, format: DateFormat | undefined): string | null {
  if (!format || mode === 'time') return null;
  const normalised = normaliseDatetime(value, mode);
  if (normalised === '') return null;
  const { date, time } = parts(normalised);
  if (!date) return null;
  const shownDate = format.replace('YYYY', date.year).replace('MM', date.month).replace('DD', date.day);
  return mode === 'datetime' && time ? `${shownDate} ${time.hour}:${time.minute}` : shownDate;
}

/**
 * A date answer as a person reads it (piping, the summary): in the survey's `date_format` when it has one, else as
 * stored, its first 19 characters with a space for the `T` (spec §9's datetime filter).
 */
export function datetimeText(value: string, mode: DatetimeMode, format: DateFormat | undefined): string {
  return formatDatetime(value, mode, format) ?? value.trim().slice(0, 19).replace('T', ' ');
}
