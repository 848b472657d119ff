import { normaliseDatetime } from '@/lib/survey-format/datetime-text';
import type { DatetimeMode } from '@/lib/survey-format/widget';

/** The native control of each mode; its value is already the stored encoding (ISO date, `HH:mm`, or both). */
export const INPUT_TYPE = { date: 'date', time: 'time', datetime: 'datetime-local' } as const satisfies Record<
  DatetimeMode,
  string
>;

/**
 * The range of each native control: four-digit years, as the stored encoding has. Without `max` a browser takes
 * years up to 275760, which the answer cannot hold, so the field would show a date the answer has dropped.
 */
export const INPUT_BOUNDS: Readonly<Record<DatetimeMode, { min?: string; max?: string }>> = {
  date: { min: '0001-01-01', max: '9999-12-31' },
  time: {},
  datetime: { min: '0001-01-01T00:00', max: '9999-12-31T23:59' },
};

/** The SINGLE answer for what the native input holds: `["2026-11-22T10:30"]`, or `[]` while it is incomplete. */
export function toDatetimeAnswer(inputValue: string, mode: DatetimeMode): string[] {
  const value = normaliseDatetime(inputValue, mode);
  return value === '' ? [] : [value];
}
