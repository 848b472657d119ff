/**
 * A lazy load (a chunk fetched on first use) shared by every caller. A load that failed, such as a chunk fetched
 * while offline, is forgotten, so the next call tries again instead of failing for the rest of the page's life.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
