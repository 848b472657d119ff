/**
 * Pure rank-order helpers for other_ranking. The answer (MULTIPLE) is the item ids in rank order:
 * `["3", "1", "2"]`.
 */

/**
 * The items in the order the respondent sees them: the committed answer's order for the ids still shown, then
 * any shown item the answer lacks (for example one a logic rule revealed later), in the starting order.
 */
export function rankedItems<T extends { readonly id: number }>(items: readonly T[], answer: readonly string[]): T[] {
  const byId = new Map(items.map((item) => [String(item.id), item]));
  const ranked: T[] = [];
  for (const id of answer) {
    const item = byId.get(id);
    if (item && !ranked.includes(item)) ranked.push(item);
  }
  for (const item of items) {
    if (!ranked.includes(item)) ranked.push(item);
  }
  return ranked;
}

/** A copy of `list` with the entry at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const last = next.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  const [moved] = next.splice(source, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

export function toRankingAnswer(items: readonly { readonly id: number }[]): string[] {
  return items.map((item) => String(item.id));
}
