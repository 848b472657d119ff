import { normaliseDatetime } from '@/lib/survey-format/datetime-text';
import type { DatetimeMode } from '@/lib/survey-format/widget';

/** The native control of each mode; its value is already the stored encoding (ISO date, `HH:mm`, or both). */
export const INPUT_TYPE = { date: 'date', time: 'time', datetime: 'datetime-local' } as const satisfies Record<
  DatetimeMode,
  string
>;

/** The SINGLE answer for what the native input holds: `["2026-11-22T10:30"]`, or `[]` while it is incomplete. */
export function toDatetimeAnswer(inputValue: string, mode: DatetimeMode): string[] {
  const value = normaliseDatetime(inputValue, mode);
  return value === '' ? [] : [value];
}
