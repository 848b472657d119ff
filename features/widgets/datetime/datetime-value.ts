import type { DateFormat } from '@/lib/survey-format/date-formats';
import type { DatetimeMode } from '@/lib/survey-format/widget';

/** The native control of each mode; its value is already the stored encoding (ISO date, `HH:mm`, or both). */
export const INPUT_TYPE = { date: 'date', time: 'time', datetime: 'datetime-local' } as const satisfies Record<
  DatetimeMode,
  string
>;

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

/** The SINGLE answer for what the native input holds: `["2026-11-22T10:30"]`, or `[]` while it is incomplete. */
export function toDatetimeAnswer(inputValue: string, mode: DatetimeMode): string[] {
  const value = normaliseDatetime(inputValue, mode);
  return value === '' ? [] : [value];
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
