import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { withoutPasswords } from '@/features/password-gate/gate-rules';
import { closedMessageFor, initialPhase } from './survey-phase';

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
  it('restores, not gates, a protected survey this device keeps answers of: the client tells whether it passed', () => {
    for (const share_config of [{ password: true }, { global_password: 'secret' }]) {
      const survey = surveySchema.parse({ survey_id: 1, pages: [], share_config });
      expect(initialPhase(survey, true)).toEqual({ kind: 'restoring' });
    }
    // Closed stays closed.
    const closed = surveySchema.parse({ ...base, is_open: false, share_config: { password: true } });
    expect(initialPhase(closed, true)).toEqual({ kind: 'closed', message: 'closed' });
  });
});
