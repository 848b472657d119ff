/** How long a reload counts as "just happened": a second failure within it means the reload did not help. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    (typeof message === 'string' &&
      /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module/i.test(message))
  );
}

type ReloadDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now: number;
  reload: () => void;
  /** Offline, a reload would only replace the page with the browser's offline screen. */
  online?: boolean;
};

/**
 * Reloads the page once after a script chunk failed to load (usually a deployment replaced it).
 * Returns false when a reload just happened, so a chunk that is really gone can never cause a loop.
 */
export function reloadOnceForChunkError({ storage, now, reload, online = true }: ReloadDeps): boolean {
  if (!online) return false;
  try {
    const last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without session storage we cannot tell a loop from a first failure: stay put.
    return false;
  }
  reload();
  return true;
}
