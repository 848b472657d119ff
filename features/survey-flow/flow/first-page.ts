import { firstStep, type NavigationContext, type Step } from '@/features/logic/navigation';
import { type Content, isPersistentKey } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';

/**
 * The first step a respondent meets, as the server rendered it: decided by what is known before any answer (URL
 * parameters, custom fields), so answering on it never changes which page it is. A finish when the first page to
 * show ends the survey (spec §4: only unconditional finish rules and no questions), or when no page can be shown.
 */
export function openingStep(survey: Survey, content: Content, context: NavigationContext): Step {
  const known = Object.fromEntries(Object.entries(content).filter(([key]) => isPersistentKey(key)));
  return firstStep(survey, known, context);
}

/** The first page a respondent meets (`openingStep`); `null` when the survey ends before showing one. */
export function firstPageId(survey: Survey, content: Content, context: NavigationContext): number | null {
  const step = openingStep(survey, content, context);
  return step.kind === 'page' ? step.pageId : null;
}
