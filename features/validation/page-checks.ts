import { loadOnce } from '@/lib/load-once';
import type * as PageValidation from './validate-page';

/**
 * A page's checks (validate-page.ts, with the answer and value checks under it and the pattern engine's loader): in a
 * chunk of their own, because nothing before the first Next needs them, so they stay out of the scripts the first
 * page waits for. The survey asks for them once it has taken over (`loadPageChecks`), beside the next pages' widgets.
 */
export type PageChecks = typeof PageValidation;

let loaded: PageChecks | null = null;

export const loadPageChecks: () => Promise<PageChecks> = loadOnce(() =>
  import('./validate-page').then((checks) => (loaded = checks)),
);

/**
 * The checks once their chunk has run, else `null`: a Next pressed then moves on within its own click, as React
 * renders an update made in an event handler at once.
 */
export function loadedPageChecks(): PageChecks | null {
  return loaded;
}
