import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { finishedView, resumeTarget } from './resume-outcome';

describe('resumeTarget', () => {
  it('continues an unfinished response in its survey, by its code, encoded', () => {
    expect(resumeTarget({ completed: false, survey_code: 'shop survey' }, 'a/b', null)).toEqual({
      kind: 'continue',
      path: '/survey/shop%20survey?response=a%2Fb',
    });
  });

  it('takes the survey the response names over the one in the link, and the link’s when the response names none', () => {
    expect(resumeTarget({ completed: true, survey_code: 'real' }, 'x', 'linked')).toEqual({
      kind: 'finished',
      surveyCode: 'real',
    });
    expect(resumeTarget({ completed: true, survey_code: null }, 'x', 'linked')).toEqual({
      kind: 'finished',
      surveyCode: 'linked',
    });
  });

  it('knows no survey when neither names one', () => {
    expect(resumeTarget({ completed: false }, 'x', null)).toEqual({ kind: 'unknown_survey' });
  });
});

describe('finishedView', () => {
  const survey = (end_type: string, pack = 'PLUS') =>
    surveySchema.parse({ survey_id: 1, user_profile: { pack }, share_config: { end_type }, pages: [] });

  it('shows the answers when the survey ends with RESUME and they came back', () => {
    expect(finishedView(survey('RESUME'), { '1': ['a'] })).toBe('summary');
  });

  it('says it was already answered otherwise', () => {
    expect(finishedView(survey('RESUME'), {})).toBe('already_completed');
    expect(finishedView(survey('PAGE'), { '1': ['a'] })).toBe('already_completed');
  });
});
