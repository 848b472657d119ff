import { firstStep, type NavigationContext } from '@/features/logic/navigation';
import { type Content, isPersistentKey } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';

/**
 * The first page a respondent meets, as the server rendered it: decided by what is known before any answer (URL
 * parameters, custom fields), so answering on it never changes which page it is. `null` when the survey has
 * nothing to show.
 */
export function firstPageId(survey: Survey, content: Content, context: NavigationContext): number | null {
  const known = Object.fromEntries(Object.entries(content).filter(([key]) => isPersistentKey(key)));
  const step = firstStep(survey, known, context);
  return step.kind === 'page' ? step.pageId : null;
}
