/**
 * A shuffle that depends only on a seed: the same order on the server render, after hydration and after a
 * reload, for one respondent. Used for options, matrix rows, a page's questions and the pages themselves.
 */

/** xmur3-style string hash: spreads similar seeds ("seed:101", "seed:102") over unrelated 32-bit states. */
function hashSeed(seed: string): number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i += 1) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: a tiny, well-distributed PRNG; returns floats in [0, 1). */
function mulberry32(state: number): () => number {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A new array with the items in a pseudo-random order that depends only on `seed` and the list. Items whose
 * `fixed` is true stay at their index.
 */
export function seededShuffle<T extends { readonly fixed?: boolean }>(items: readonly T[], seed: string): T[] {
  const movable = items.filter((item) => !item.fixed);
  const random = mulberry32(hashSeed(seed));
  // Fisher–Yates over the movable items only.
  for (let i = movable.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const current = movable[i] as T;
    movable[i] = movable[j] as T;
    movable[j] = current;
  }
  let next = 0;
  return items.map((item) => (item.fixed ? item : (movable[next++] as T)));
}
