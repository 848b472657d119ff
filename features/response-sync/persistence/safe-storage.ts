/**
 * A fault-tolerant view over `localStorage` (or any object with the same three methods).
 *
 * Browsers refuse storage in several ways: `window.localStorage` itself throws a SecurityError when site data is
 * blocked, `setItem` throws QuotaExceededError when full (and in old Safari private mode always). Answers must keep
 * working in all these cases, so every call is wrapped: what could not be written is kept in an in-memory overlay
 * that reads consult first, and `isAvailable()` turns false so the UI can say answers are not kept on this device.
 */

/** The part of the Web Storage API the persistence rules use. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StorageAvailabilityListener = (available: boolean) => void;

export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** `false` once any access to the backing storage failed in this session (it does not flip back). */
  isAvailable(): boolean;
  /** Called once, when availability turns false. Returns the unsubscribe function. */
  subscribe(listener: StorageAvailabilityListener): () => void;
}

/**
 * `backing` is a storage, `null` (none: SSR, or blocked) or a getter, because merely reading
 * `window.localStorage` can throw; the getter is called lazily and at most once.
 */
export function createSafeStorage(backing: StorageLike | null | (() => StorageLike | null)): SafeStorage {
  // Writes the backing storage refused, by key; `null` records a removal. Reads prefer it, so a refused write
  // (quota) never lets a stale stored value reappear. A later successful write of the key drops its entry.
  const overlay = new Map<string, string | null>();
  const listeners = new Set<StorageAvailabilityListener>();
  let available = true;
  let resolved = false;
  let storage: StorageLike | null = null;

  function markUnavailable(): void {
    if (!available) return;
    available = false;
    for (const listener of listeners) listener(false);
  }

  function backingStorage(): StorageLike | null {
    if (!resolved) {
      resolved = true;
      try {
        storage = typeof backing === 'function' ? backing() : backing;
      } catch {
        storage = null;
      }
      if (storage === null) markUnavailable();
    }
    return storage;
  }

  return {
    getItem(key) {
      if (overlay.has(key)) return overlay.get(key) ?? null;
      const target = backingStorage();
      if (!target) return null;
      try {
        return target.getItem(key);
      } catch {
        markUnavailable();
        return null;
      }
    },
    setItem(key, value) {
      const target = backingStorage();
      try {
        if (!target) throw new Error('no storage');
        target.setItem(key, value);
        overlay.delete(key);
      } catch {
        overlay.set(key, value);
        markUnavailable();
      }
    },
    removeItem(key) {
      const target = backingStorage();
      try {
        if (!target) throw new Error('no storage');
        target.removeItem(key);
        overlay.delete(key);
      } catch {
        overlay.set(key, null);
        markUnavailable();
      }
    },
    isAvailable() {
      backingStorage();
      return available;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** `window.localStorage` when it can be reached, else `null` (server rendering, blocked site data). */
export function getBrowserLocalStorage(): StorageLike | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `window.sessionStorage` (this tab's, kept across its reloads) when it can be reached, else `null`. */
export function getBrowserSessionStorage(): StorageLike | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
