import { toApiError, type ErrorKey } from '@/lib/api/errors';
import type { Content } from '@/lib/survey-format/content';
import type { ResponseRead } from '@/lib/survey-format/response';
import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';

/** What the resume link's response says to do, before its survey is read (spec §4). */
export type ResumeTarget =
  /** Neither the response nor the link names its survey. */
  | { kind: 'unknown_survey' }
  /** Unfinished: it continues in its survey, which reads it back by its code. */
  | { kind: 'continue'; path: string }
  /** Finished: what it shows depends on its survey's end type. */
  | { kind: 'finished'; surveyCode: string };

export function resumeTarget(
  response: { completed: boolean; response_is_completed?: boolean | null; survey_code?: string | null },
  responseCode: string,
  linkSurveyCode: string | null,
): ResumeTarget {
  const surveyCode = response.survey_code ?? linkSurveyCode;
  if (!surveyCode) return { kind: 'unknown_survey' };
  // The spec's own flag (§3) says it as well as our `completed`: another backend may send only it.
  if (response.completed || response.response_is_completed === true) return { kind: 'finished', surveyCode };
  return {
    kind: 'continue',
    path: `/survey/${encodeURIComponent(surveyCode)}?response=${encodeURIComponent(responseCode)}`,
  };
}

/**
 * A finished response shows its answers when its survey ends with RESUME and the answers came back (they do only
 * to the browser holding the response's token) with the questions they answer (a protected survey's pages come only
 * to a browser that passed its gate); otherwise the already-answered message.
 */
export function finishedView(survey: Survey, content: Content): 'summary' | 'already_completed' {
  return effectiveShareConfig(survey).end_type === 'RESUME' &&
    Object.keys(content).length > 0 &&
    survey.pages.length > 0
    ? 'summary'
    : 'already_completed';
}

/** The reads the resume page needs, given by the screen's composition (the response sync's API client and store). */
export interface ResumeSources {
  /**
   * GET the response, with the token this browser keeps for the survey, if any, and the read's payload (spec §7:
   * the survey's id, this device's fingerprint and signature) when its survey is known.
   */
  readResponse(responseCode: string, surveyCode: string | null, survey: Survey | null): Promise<ResponseRead>;
  readSurvey(surveyCode: string): Promise<Survey>;
}

/** What the resume page shows once its reads are done. */
export type ResumeOutcome =
  | { kind: 'continue'; path: string }
  | { kind: 'summary'; survey: Survey; content: Content }
  | { kind: 'already_completed' }
  | { kind: 'error'; key: ErrorKey };

/**
 * The resume link opened (`/survey-resume?code=…[&survey=…]`): reads the link's survey, so that the response's read
 * carries its id, then the response, then the response's own survey if finished and not the link's. A link whose
 * survey cannot be read still reads the response, which may name its survey itself.
 */
export async function openResume(
  responseCode: string,
  linkSurveyCode: string | null,
  sources: ResumeSources,
): Promise<ResumeOutcome> {
  try {
    const linkSurvey = linkSurveyCode ? await sources.readSurvey(linkSurveyCode).catch(() => null) : null;
    const response = await sources.readResponse(responseCode, linkSurveyCode, linkSurvey);
    const target = resumeTarget(response, responseCode, linkSurveyCode);
    if (target.kind === 'unknown_survey') return { kind: 'error', key: 'not_found' };
    if (target.kind === 'continue') return target;
    const survey =
      linkSurvey && target.surveyCode === linkSurveyCode ? linkSurvey : await sources.readSurvey(target.surveyCode);
    return finishedView(survey, response.content) === 'summary'
      ? { kind: 'summary', survey, content: response.content }
      : { kind: 'already_completed' };
  } catch (error) {
    return { kind: 'error', key: toApiError(error).key };
  }
}
