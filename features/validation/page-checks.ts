import { loadOnce } from '@/lib/load-once';
import type * as PageValidation from './validate-page';
import type * as ValueChecks from './value-checks';

/**
 * A page's checks (validate-page.ts, with the answer and value checks under it) and the pattern engine's loader: in a
 * chunk of their own, because nothing before the first Next needs them, so they stay out of the scripts the first
 * page waits for. The survey asks for them once it has taken over (`loadPageChecks`), beside the next pages' widgets.
 */
export type PageChecks = typeof PageValidation & Pick<typeof ValueChecks, 'loadPatternEngine' | 'isPatternEngineReady'>;

let loaded: PageChecks | null = null;

export const loadPageChecks: () => Promise<PageChecks> = loadOnce(async () => {
  const [page, values] = await Promise.all([import('./validate-page'), import('./value-checks')]);
  loaded = { ...page, loadPatternEngine: values.loadPatternEngine, isPatternEngineReady: values.isPatternEngineReady };
  return loaded;
});

/**
 * The checks once their chunk has run, else `null`: a Next pressed then moves on within its own click, as React
 * renders an update made in an event handler at once.
 */
export function loadedPageChecks(): PageChecks | null {
  return loaded;
}
