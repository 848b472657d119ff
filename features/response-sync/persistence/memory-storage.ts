import type { StorageLike } from './safe-storage';

/**
 * A Map-backed `StorageLike`: the backing storage of tests, and of server-side rendering where there is no
 * `localStorage`. `failing` makes every call throw the way a full or blocked browser storage does.
 */
export interface MemoryStorage extends StorageLike {
  readonly entries: Map<string, string>;
  failing: boolean;
}

export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): MemoryStorage {
  const entries = new Map(Object.entries(initial));
  const storage: MemoryStorage = {
    entries,
    failing: false,
    getItem(key) {
      if (storage.failing) throw new DOMException('blocked', 'SecurityError');
      return entries.get(key) ?? null;
    },
    setItem(key, value) {
      if (storage.failing) throw new DOMException('full', 'QuotaExceededError');
      entries.set(key, value);
    },
    removeItem(key) {
      if (storage.failing) throw new DOMException('blocked', 'SecurityError');
      entries.delete(key);
    },
  };
  return storage;
}
