import { seededShuffle } from '@/lib/seeded-shuffle';

/**
 * Seeded shuffling for `randomize` / `randomize_rows`.
 *
 * The order must be the same on the server render, after hydration and after a reload, so it is derived from
 * the respondent's `shuffleSeed` instead of `Math.random`. Items flagged `fixed` (typically "None of the
 * above" at the end) keep their index; only the others trade places.
 */

type ArrangeOptions = {
  /** The widget's `randomize` (or `randomize_rows`) setting. */
  randomize: boolean | undefined;
  /** `WidgetProps.shuffleSeed`: stable per respondent. */
  seed: string;
  /** Mixed into the seed so two randomised questions of one respondent do not share an order. */
  widgetId: number;
  /** `WidgetProps.hiddenItemIds`. */
  hiddenIds: ReadonlySet<number> | undefined;
};

/**
 * The items a respondent sees, in the order they see them. Shuffling happens before hidden items are dropped,
 * so a logic rule that hides or shows an option never reorders the others.
 */
export function arrangeItems<T extends { readonly id: number; readonly fixed?: boolean }>(
  items: readonly T[],
  { randomize, seed, widgetId, hiddenIds }: ArrangeOptions,
): T[] {
  const ordered = randomize ? seededShuffle(items, `${seed}:${widgetId}`) : [...items];
  return hiddenIds && hiddenIds.size > 0 ? ordered.filter((item) => !hiddenIds.has(item.id)) : ordered;
}
