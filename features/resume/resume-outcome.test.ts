import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { responseReadSchema } from '@/lib/survey-format/response';
import { surveySchema } from '@/lib/survey-format/survey';
import { finishedView, openResume, resumeTarget, type ResumeSources } from './resume-outcome';

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

  it('reads a response as finished by the spec’s own flag too (another backend may send only it)', () => {
    expect(resumeTarget({ completed: false, response_is_completed: true, survey_code: 's' }, 'x', null)).toEqual({
      kind: 'finished',
      surveyCode: 's',
    });
  });

  it('knows no survey when neither names one', () => {
    expect(resumeTarget({ completed: false }, 'x', null)).toEqual({ kind: 'unknown_survey' });
  });
});

describe('finishedView', () => {
  const survey = (end_type: string, pack = 'PLUS', pages: unknown[] = [{ id: 1, widgets: [] }]) =>
    surveySchema.parse({ survey_id: 1, user_profile: { pack }, share_config: { end_type }, pages });

  it('shows the answers when the survey ends with RESUME and they came back', () => {
    expect(finishedView(survey('RESUME'), { '1': ['a'] })).toBe('summary');
  });

  it('says it was already answered otherwise', () => {
    expect(finishedView(survey('RESUME'), {})).toBe('already_completed');
    expect(finishedView(survey('PAGE'), { '1': ['a'] })).toBe('already_completed');
    // A protected survey read without the gate's token comes without its pages: nothing to show the answers under.
    expect(finishedView(survey('RESUME', 'PLUS', []), { '1': ['a'] })).toBe('already_completed');
  });
});

describe('openResume', () => {
  const survey = surveySchema.parse({
    survey_id: 1,
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'RESUME' },
    pages: [{ id: 1, widgets: [] }],
  });
  const response = (fields: object) => responseReadSchema.parse({ code: 'r1', id: 7, ...fields });
  const sources = (
    read: ReturnType<typeof response> | Error,
    surveys: Record<string, typeof survey | Error> = { shop: survey },
  ): ResumeSources & { readSurvey: ReturnType<typeof vi.fn>; readResponse: ReturnType<typeof vi.fn> } => ({
    readResponse: vi.fn(async () => {
      if (read instanceof Error) throw read;
      return read;
    }),
    readSurvey: vi.fn(async (code: string) => {
      const found = surveys[code] ?? new ApiError({ key: 'not_found', status: 404 });
      if (found instanceof Error) throw found;
      return found;
    }),
  });

  it('continues an unfinished response of a link without its survey, reading no survey', async () => {
    const given = sources(response({ completed: false, survey_code: 'shop' }));
    expect(await openResume('r1', null, given)).toEqual({ kind: 'continue', path: '/survey/shop?response=r1' });
    expect(given.readSurvey).not.toHaveBeenCalled();
    expect(given.readResponse).toHaveBeenCalledWith('r1', null, null);
  });

  it('reads the link’s survey first, so that the response’s read names it, then shows a finished one’s answers', async () => {
    const given = sources(response({ completed: true, content: { '5': ['a'] } }));
    expect(await openResume('r1', 'shop', given)).toEqual({ kind: 'summary', survey, content: { '5': ['a'] } });
    expect(given.readSurvey.mock.calls).toEqual([['shop']]);
    expect(given.readResponse).toHaveBeenCalledWith('r1', 'shop', survey);
  });

  it('still reads the response when the link’s survey cannot be read, and the survey the response names', async () => {
    const other = surveySchema.parse({ ...survey, survey_id: 2 });
    const given = sources(response({ completed: true, survey_code: 'real', content: { '5': ['a'] } }), {
      shop: new ApiError({ key: 'not_found', status: 404 }),
      real: other,
    });
    expect(await openResume('r1', 'shop', given)).toEqual({ kind: 'summary', survey: other, content: { '5': ['a'] } });
    expect(given.readResponse).toHaveBeenCalledWith('r1', 'shop', null);
    expect(given.readSurvey.mock.calls).toEqual([['shop'], ['real']]);
  });

  it('says already answered when the answers did not come back', async () => {
    expect(await openResume('r1', 'shop', sources(response({ completed: true })))).toEqual({
      kind: 'already_completed',
    });
  });

  it('turns a failed read, or a response of no known survey, into the catalogue’s error', async () => {
    const gone = new ApiError({ key: 'not_found', status: 404 });
    expect(await openResume('r1', 'shop', sources(gone))).toEqual({ kind: 'error', key: 'not_found' });
    expect(await openResume('r1', null, sources(response({ completed: true })))).toEqual({
      kind: 'error',
      key: 'not_found',
    });
    expect(await openResume('r1', null, sources(new TypeError('offline')))).toEqual({
      kind: 'error',
      key: 'unexpected_error',
    });
  });
});
