import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { needsPassword, storedPasswords, withoutPasswords } from './gate-rules';

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

describe('withoutPasswords', () => {
  it('clears every password field, so no gate applies any more', () => {
    const survey = surveySchema.parse({ survey_id: 1, share_config: { password: 'a', repository_password: true } });
    expect(needsPassword(withoutPasswords(survey).share_config)).toBe(false);
  });
});
