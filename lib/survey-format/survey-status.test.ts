import { describe, expect, it } from 'vitest';

import { surveySchema } from '@/lib/survey-format/survey';

import { closeReasonOf, withCloseState } from './survey-status';

const survey = (config: Record<string, unknown>, isOpen = true) =>
  surveySchema.parse({ survey_id: 1, is_open: isOpen, config });
const at = (iso: string) => Date.parse(iso);

describe('closeReasonOf', () => {
  it('is null for an open survey', () => {
    expect(closeReasonOf(survey({}), 100, at('2026-01-01T00:00:00Z'))).toBeNull();
  });

  it('the author wins over the other reasons (top-level or config is_open)', () => {
    expect(closeReasonOf(survey({ max_responses: 0 }, false), 0, 0)).toBe('author');
    expect(closeReasonOf(survey({ is_open: false, end_date: '2000-01-01' }), 0, 0)).toBe('author');
  });

  it('max_responses counts finished responses', () => {
    expect(closeReasonOf(survey({ max_responses: 2 }), 1, 0)).toBeNull();
    expect(closeReasonOf(survey({ max_responses: 2 }), 2, 0)).toBe('max_responses');
  });

  it('a bare end date includes its whole day; a date-time is exact; garbage never closes', () => {
    const endDay = survey({ end_date: '2026-05-31' });
    expect(closeReasonOf(endDay, 0, at('2026-05-31T23:59:59Z'))).toBeNull();
    expect(closeReasonOf(endDay, 0, at('2026-06-01T00:00:00Z'))).toBe('end_date');
    const endInstant = survey({ end_date: '2026-05-31T12:00:00.000+02:00' });
    expect(closeReasonOf(endInstant, 0, at('2026-05-31T09:59:59Z'))).toBeNull();
    expect(closeReasonOf(endInstant, 0, at('2026-05-31T10:00:00Z'))).toBe('end_date');
    expect(closeReasonOf(survey({ end_date: 'soon' }), 0, at('2030-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('a survey not yet open', () => {
  it('is closed by its author until its start date (a bare date from that day, UTC), then open', () => {
    const fromDay = survey({ start_date: '2026-06-01' });
    expect(closeReasonOf(fromDay, 0, at('2026-05-31T23:59:59Z'))).toBe('author');
    expect(closeReasonOf(fromDay, 0, at('2026-06-01T00:00:00Z'))).toBeNull();
    const fromInstant = survey({ start_date: '2026-06-01T12:00:00.000+02:00' });
    expect(closeReasonOf(fromInstant, 0, at('2026-06-01T09:59:59Z'))).toBe('author');
    expect(closeReasonOf(fromInstant, 0, at('2026-06-01T10:00:00Z'))).toBeNull();
    expect(closeReasonOf(survey({ start_date: 'soon' }), 0, 0)).toBeNull();
  });

  it('is closed in the app when the backend serves it as open', () => {
    expect(withCloseState(survey({ start_date: '2026-06-02' }), at('2026-06-01T00:00:00Z'))).toMatchObject({
      is_open: false,
      close_reason: 'author',
    });
  });
});

describe('withCloseState', () => {
  const now = at('2026-06-01T00:00:00Z');

  it("closes a survey that the top level calls open but its own config closes (another backend's fold)", () => {
    expect(withCloseState(survey({ is_open: false }), now)).toMatchObject({ is_open: false, close_reason: 'author' });
    expect(withCloseState(survey({ end_date: '2026-05-30' }), now)).toMatchObject({
      is_open: false,
      close_reason: 'end_date',
    });
  });

  it('leaves an open survey, a survey closed already, and the count toward max_responses to the backend', () => {
    const open = { ...survey({ end_date: '2026-06-01', max_responses: 1 }), responses_total: 5 };
    expect(withCloseState(open, now)).toBe(open);
    const closed = { ...survey({}, false), close_reason: 'max_responses' as const };
    expect(withCloseState(closed, now)).toBe(closed);
  });

  it('works out the reason of a survey closed without one (a backend that sends no close_reason)', () => {
    const closed = (config: Record<string, unknown>, total = 0) => ({
      ...survey(config, false),
      responses_total: total,
    });
    expect(withCloseState(closed({ end_date: '2026-05-30' }), now)).toMatchObject({ close_reason: 'end_date' });
    expect(withCloseState(closed({ max_responses: 3 }, 3), now)).toMatchObject({ close_reason: 'max_responses' });
    expect(withCloseState(closed({ max_responses: 3 }, 2), now)).toMatchObject({ close_reason: 'author' });
    expect(withCloseState(closed({ end_date: '2026-06-02' }), now)).toMatchObject({
      is_open: false,
      close_reason: 'author',
    });
  });
});
