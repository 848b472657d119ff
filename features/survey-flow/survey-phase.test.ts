import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { closedMessageFor, initialPhase, needsPassword, storedPasswords, withoutPasswords } from './survey-phase';

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
  it('answers only on the devices the theme names (an empty list names them all)', () => {
    const phoneOnly = surveySchema.parse({ ...base, theme_obj: { device_types: ['mobile'] } });
    expect(initialPhase(phoneOnly, false, 'desktop')).toEqual({ kind: 'closed', message: 'device_unavailable' });
    expect(initialPhase(phoneOnly, false, 'mobile')).toEqual({ kind: 'answering' });
    const none = surveySchema.parse({ ...base, theme_obj: { device_types: [] } });
    expect(initialPhase(none, false, 'tablet')).toEqual({ kind: 'answering' });
  });
  it('gates a protected survey whose pages were withheld', () => {
    const survey = surveySchema.parse({ survey_id: 1, pages: [], share_config: { password: true } });
    expect(initialPhase(survey)).toEqual({ kind: 'gate' });
  });
  it('gates a protected survey whose backend sent its pages too', () => {
    const survey = surveySchema.parse({ ...base, share_config: { global_password: 'secret' } });
    expect(initialPhase(survey)).toEqual({ kind: 'gate' });
    expect(initialPhase(withoutPasswords(survey))).toEqual({ kind: 'answering' });
  });
});

describe('storedPasswords', () => {
  const share = surveySchema.parse({ survey_id: 1 }).share_config;
  it('checks in the browser the passwords a backend sent as text', () => {
    expect(storedPasswords({ ...share, password: 'a', custom_password: 'b', multiple_password: '' })).toEqual([
      'a',
      'b',
    ]);
  });
  it('leaves the decision to the server for a repository password or a gate sent as a flag', () => {
    expect(storedPasswords({ ...share, password: 'a', repository_password: true })).toBeNull();
    expect(storedPasswords({ ...share, password: true })).toBeNull();
    expect(storedPasswords(share)).toBeNull();
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
