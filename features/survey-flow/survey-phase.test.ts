import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { closedMessageFor, initialPhase, needsPassword } from './survey-phase';

const base = { survey_id: 1, pages: [{ id: 1, widgets: [] }] };

describe('initialPhase', () => {
  it('answers an open survey', () => {
    expect(initialPhase(surveySchema.parse(base))).toEqual({ kind: 'answering' });
  });
  it('shows the message of each close reason', () => {
    expect(initialPhase(surveySchema.parse({ ...base, is_open: false }))).toEqual({
      kind: 'closed',
      message: 'closed',
    });
    expect(initialPhase(surveySchema.parse({ ...base, is_open: false, close_reason: 'max_responses' }))).toEqual({
      kind: 'closed',
      message: 'closed_max_responses',
    });
    expect(closedMessageFor('end_date')).toBe('closed_end_date');
  });
  it('shows the already-completed screen for a completed response', () => {
    expect(initialPhase(surveySchema.parse({ ...base, response_is_completed: true }))).toEqual({
      kind: 'closed',
      message: 'already_completed',
    });
  });
  it('gates a protected survey whose pages were withheld', () => {
    const survey = surveySchema.parse({ survey_id: 1, pages: [], share_config: { password: true } });
    expect(initialPhase(survey)).toEqual({ kind: 'gate' });
  });
});

describe('needsPassword', () => {
  it('is true for any password field, boolean or string', () => {
    const share = surveySchema.parse({ survey_id: 1 }).share_config;
    expect(needsPassword(share)).toBe(false);
    expect(needsPassword({ ...share, repository_password: true })).toBe(true);
    expect(needsPassword({ ...share, custom_password: 'x' })).toBe(true);
    expect(needsPassword({ ...share, password: '' })).toBe(false);
  });
});
