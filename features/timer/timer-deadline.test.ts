import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { announcementFor, formatRemaining, remainingMs, remainingSeconds, timerDeadline } from './timer-deadline';

const MINUTE = 60_000;

describe('timerDeadline', () => {
  it('adds the amount in minutes, hours or days to the start date', () => {
    const start = '2026-11-22T10:30:00.000+01:00';
    const startMs = Date.parse(start);
    expect(timerDeadline(start, 2, 'minutes')).toBe(startMs + 2 * MINUTE);
    expect(timerDeadline(start, 3, 'hours')).toBe(startMs + 3 * 60 * MINUTE);
    expect(timerDeadline(new Date(startMs), 1.5, 'minutes')).toBe(startMs + 90_000);
  });

  it('counts a day as 24 hours, also across a daylight-saving change', () => {
    // Madrid's clocks go back on 25 October 2026; a calendar day there lasts 25 hours.
    const start = '2026-10-24T12:00:00.000+02:00';
    expect(timerDeadline(start, 2, 'days') - Date.parse(start)).toBe(48 * 60 * MINUTE);
  });

  it('honours the offset of the stored start date', () => {
    expect(timerDeadline('2026-01-01T00:00:00.000+02:00', 0, 'minutes')).toBe(Date.parse('2025-12-31T22:00:00.000Z'));
  });

  it('counts from now when the start date is not a date, rather than leave the survey without its time limit', () => {
    const now = Date.parse('2026-11-22T10:30:00.000Z');
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      expect(timerDeadline('', 5, 'minutes')).toBe(now + 5 * MINUTE);
      expect(timerDeadline('tomorrow-ish', 5, 'minutes')).toBe(now + 5 * MINUTE);
      expect(timerDeadline(new Date(Number.NaN), 1, 'hours')).toBe(now + 60 * MINUTE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an amount that is not a duration', () => {
    expect(() => timerDeadline('2026-01-01T00:00:00Z', -1, 'minutes')).toThrow(RangeError);
    expect(() => timerDeadline('2026-01-01T00:00:00Z', Number.POSITIVE_INFINITY, 'days')).toThrow(RangeError);
    // Finite, but past the last date there is: a countdown to it would read "Infinity:NaN:NaN" and never rest.
    expect(() => timerDeadline('2026-01-01T00:00:00Z', 1e306, 'days')).toThrow(RangeError);
    expect(() => timerDeadline('2026-01-01T00:00:00Z', 1e8, 'days')).toThrow(RangeError);
    expect(timerDeadline('2026-01-01T00:00:00Z', 36_500, 'days')).toBe(Date.parse('2125-12-08T00:00:00Z'));
  });

  it('grows with the amount and by the same unit in every step (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('minutes' as const, 'hours' as const, 'days' as const),
        (start, amount, type) => {
          const base = timerDeadline(new Date(start), amount, type);
          const next = timerDeadline(new Date(start), amount + 1, type);
          expect(next - base).toBe(timerDeadline(new Date(0), 1, type));
          expect(base).toBeGreaterThanOrEqual(start);
        },
      ),
    );
  });
});

describe('remainingMs and remainingSeconds', () => {
  it('never go below zero', () => {
    expect(remainingMs(1000, 400)).toBe(600);
    expect(remainingMs(1000, 1000)).toBe(0);
    expect(remainingMs(1000, 5000)).toBe(0);
    expect(remainingSeconds(-5)).toBe(0);
  });

  it('round up, so zero means the time is really up', () => {
    expect(remainingSeconds(1)).toBe(1);
    expect(remainingSeconds(1000)).toBe(1);
    expect(remainingSeconds(1001)).toBe(2);
  });
});

describe('formatRemaining', () => {
  it('shows H:MM:SS from an hour up and M:SS below', () => {
    expect(formatRemaining((3600 + 5 * 60 + 9) * 1000)).toBe('1:05:09');
    expect(formatRemaining((4 * 60 + 59) * 1000)).toBe('4:59');
    expect(formatRemaining(7000)).toBe('0:07');
    expect(formatRemaining(59 * MINUTE + 59_001)).toBe('1:00:00');
    expect(formatRemaining(3 * 24 * 60 * MINUTE)).toBe('72:00:00');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-3000)).toBe('0:00');
    expect(formatRemaining(1)).toBe('0:01');
  });

  it('reads back as the whole seconds left, in ASCII digits (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 24 * 3600 * 1000 }), (ms) => {
        const text = formatRemaining(ms);
        expect(text).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[1-5]?\d:[0-5]\d)$/);
        const seconds = text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
        expect(seconds).toBe(remainingSeconds(ms));
      }),
    );
  });
});

describe('announcementFor', () => {
  it('announces every 5 minutes above 5, every minute from 5 down, every half hour above an hour', () => {
    expect(announcementFor(15 * MINUTE + 500, 15 * MINUTE - 500)).toBe(15);
    expect(announcementFor(10 * MINUTE + 1, 10 * MINUTE)).toBe(10);
    expect(announcementFor(5 * MINUTE + 1, 5 * MINUTE)).toBe(5);
    expect(announcementFor(4 * MINUTE + 1, 4 * MINUTE)).toBe(4);
    expect(announcementFor(MINUTE + 1, MINUTE)).toBe(1);
    expect(announcementFor(90 * MINUTE + 1, 90 * MINUTE)).toBe(90);
    expect(announcementFor(60 * MINUTE + 1, 60 * MINUTE)).toBe(60);
  });

  it('stays quiet between thresholds', () => {
    expect(announcementFor(14 * MINUTE, 13 * MINUTE)).toBeNull();
    expect(announcementFor(8 * MINUTE, 7 * MINUTE - 1)).toBeNull();
    expect(announcementFor(85 * MINUTE, 70 * MINUTE)).toBeNull();
    expect(announcementFor(10 * MINUTE, 10 * MINUTE - 1)).toBeNull();
  });

  it('announces only the lowest threshold after a jump (a tab back from the background)', () => {
    expect(announcementFor(12 * MINUTE, 3 * MINUTE + 10_000)).toBe(4);
    expect(announcementFor(3 * 60 * MINUTE, 2 * MINUTE)).toBe(2);
  });

  it('leaves zero to the expiry message, and ignores a clock that went back or bad input', () => {
    expect(announcementFor(2 * MINUTE, 0)).toBeNull();
    expect(announcementFor(3 * MINUTE, 6 * MINUTE)).toBeNull();
    expect(announcementFor(5 * MINUTE, 5 * MINUTE)).toBeNull();
    expect(announcementFor(Number.NaN, MINUTE)).toBeNull();
    expect(announcementFor(2 * MINUTE, Number.NaN)).toBeNull();
  });

  it('names the lowest threshold crossed on the way, and misses none (property)', () => {
    // Written independently of the implementation: the thresholds as the component promises them.
    const isThreshold = (m: number) => m >= 1 && (m <= 5 || (m <= 60 && m % 5 === 0) || m % 30 === 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * 24 * 60 * MINUTE }),
        fc.integer({ min: 0, max: 5 * 24 * 60 * MINUTE }),
        (a, b) => {
          const [previous, current] = a >= b ? [a, b] : [b, a];
          const crossed: number[] = [];
          for (let m = Math.ceil(current / MINUTE); m * MINUTE < previous; m += 1) {
            if (isThreshold(m)) {
              crossed.push(m);
              break;
            }
          }
          const expected = current > 0 && crossed.length > 0 ? crossed[0] : null;
          expect(announcementFor(previous, current)).toBe(expected);
        },
      ),
    );
  });

  it('counting down second by second announces each threshold once, in decreasing order (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * 60 * 60 }), fc.integer({ min: 0, max: 999 }), (seconds, jitter) => {
        const announced: number[] = [];
        let previous = seconds * 1000 + jitter;
        for (let current = previous - 1000; current > -1000; current -= 1000) {
          const count = announcementFor(previous, Math.max(0, current));
          if (count !== null) announced.push(count);
          previous = Math.max(0, current);
        }
        const start = seconds * 1000 + jitter;
        const expected = [
          ...Array.from({ length: 6 }, (_, i) => 180 - i * 30).filter((m) => m > 60),
          ...Array.from({ length: 12 }, (_, i) => 60 - i * 5).filter((m) => m > 5),
          5,
          4,
          3,
          2,
          1,
        ].filter((m) => m * MINUTE < start);
        expect(announced).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
