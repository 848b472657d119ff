import type { Survey } from '@/lib/survey-format/survey';

/**
 * How many pages after the first one the first HTML carries the words of: the other pages' words are read once the
 * client has taken over (`survey-outline.ts`), which on a slow phone (4x CPU, slow 4G) takes about as long as a
 * quick respondent needs to move two pages on, so "Next" does not wait on the network.
 */
const PAGES_AHEAD = 2;

/**
 * The pages whose words the first HTML carries: the page shown first and the `PAGES_AHEAD` pages a respondent can
 * meet after it. With no first page known, every page is near.
 */
export function nearPageIds(survey: Survey, firstPageId: number | null): ReadonlySet<number> {
  const index = survey.pages.findIndex((page) => page.id === firstPageId);
  if (firstPageId === null || index < 0) return new Set(survey.pages.map((page) => page.id));
  const following = survey.pages
    .slice(index + 1)
    .filter((page) => !page.hidden && page.widgets.length > 0)
    .slice(0, PAGES_AHEAD);
  return new Set([firstPageId, ...following.map((page) => page.id)]);
}
