import type { Survey } from '@/lib/survey-format/survey';

/**
 * The pages whose words the first HTML carries: the page shown first and the one after it (so "Next" never waits
 * on the network). Every other page's words arrive once the client has taken over (`survey-outline.ts`). With no
 * first page known, every page is near.
 */
export function nearPageIds(survey: Survey, firstPageId: number | null): ReadonlySet<number> {
  const index = survey.pages.findIndex((page) => page.id === firstPageId);
  if (firstPageId === null || index < 0) return new Set(survey.pages.map((page) => page.id));
  const following = survey.pages.slice(index + 1).find((page) => !page.hidden && page.widgets.length > 0);
  return new Set(following ? [firstPageId, following.id] : [firstPageId]);
}
