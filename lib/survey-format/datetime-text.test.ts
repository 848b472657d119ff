import { describe, expect, it } from 'vitest';
import { datetimeText, formatDatetime, normaliseDatetime } from './datetime-text';

describe('normaliseDatetime', () => {
  it.each([
    ['2026-11-22', 'date', '2026-11-22'],
    ['2026-11-22T10:30', 'date', '2026-11-22'],
    ['10:30', 'time', '10:30'],
    ['10:30:15', 'time', '10:30'],
    ['2026-11-22T10:30:15.000', 'time', '10:30'],
    ['2026-11-22T10:30', 'datetime', '2026-11-22T10:30'],
    ['2026-11-22T10:30:59', 'datetime', '2026-11-22T10:30'],
    ['2026-11-22', 'datetime', ''],
    ['22/11/2026', 'date', ''],
    ['', 'date', ''],
  ] as const)('%j in %s mode → %j', (value, mode, expected) => {
    expect(normaliseDatetime(value, mode)).toBe(expected);
  });
});

describe('formatDatetime', () => {
  it.each([
    ['DD/MM/YYYY', '22/11/2026'],
    ['MM/DD/YYYY', '11/22/2026'],
    ['YYYY/MM/DD', '2026/11/22'],
    ['DD-MM-YYYY', '22-11-2026'],
    ['MM-DD-YYYY', '11-22-2026'],
    ['YYYY-MM-DD', '2026-11-22'],
  ] as const)('writes a date as %s', (format, expected) => {
    expect(formatDatetime('2026-11-22', 'date', format)).toBe(expected);
  });

  it('adds the time in datetime mode', () => {
    expect(formatDatetime('2026-11-22T10:30', 'datetime', 'DD/MM/YYYY')).toBe('22/11/2026 10:30');
  });

  it('shows nothing without a format, a value, or a date', () => {
    expect(formatDatetime('2026-11-22', 'date', undefined)).toBeNull();
    expect(formatDatetime('', 'date', 'DD/MM/YYYY')).toBeNull();
    expect(formatDatetime('10:30', 'time', 'DD/MM/YYYY')).toBeNull();
  });
});

describe('datetimeText', () => {
  it("writes a date in the survey's format, else as stored with a space for the T", () => {
    expect(datetimeText('2026-11-22T10:30', 'datetime', 'DD/MM/YYYY')).toBe('22/11/2026 10:30');
    expect(datetimeText('2026-11-22T10:30:15.000', 'datetime', undefined)).toBe('2026-11-22 10:30:15');
    expect(datetimeText('10:30', 'time', 'DD/MM/YYYY')).toBe('10:30');
  });
});
