import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import type { Content } from '@/lib/survey-format/content';

/** What the resume link's response says to do, before its survey is read (spec §4). */
export type ResumeTarget =
  /** Neither the response nor the link names its survey. */
  | { kind: 'unknown_survey' }
  /** Unfinished: it continues in its survey, which reads it back by its code. */
  | { kind: 'continue'; path: string }
  /** Finished: what it shows depends on its survey's end type. */
  | { kind: 'finished'; surveyCode: string };

export function resumeTarget(
  response: { completed: boolean; survey_code?: string | null },
  responseCode: string,
  linkSurveyCode: string | null,
): ResumeTarget {
  const surveyCode = response.survey_code ?? linkSurveyCode;
  if (!surveyCode) return { kind: 'unknown_survey' };
  if (response.completed) return { kind: 'finished', surveyCode };
  return {
    kind: 'continue',
    path: `/survey/${encodeURIComponent(surveyCode)}?response=${encodeURIComponent(responseCode)}`,
  };
}

/**
 * A finished response shows its answers when its survey ends with RESUME and the answers came back (they do only
 * to the browser holding the response's token); otherwise the already-answered message.
 */
export function finishedView(survey: Survey, content: Content): 'summary' | 'already_completed' {
  return effectiveShareConfig(survey).end_type === 'RESUME' && Object.keys(content).length > 0
    ? 'summary'
    : 'already_completed';
}
