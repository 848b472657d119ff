import type { ConnectivitySource } from './outbox-types';

/**
 * The browser's online state. `navigator.onLine === false` is reliable (no network at all); `true` only means a
 * network exists, which is why network errors while "online" are still retried with backoff.
 */
export function createBrowserConnectivity(): ConnectivitySource {
  return {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    subscribe(listener) {
      if (typeof window === 'undefined') return () => {};
      const onOnline = () => listener(true);
      const onOffline = () => listener(false);
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}

/** A switchable source for tests and for server rendering. */
export interface ManualConnectivity extends ConnectivitySource {
  setOnline(online: boolean): void;
}

export function createManualConnectivity(initiallyOnline = true): ManualConnectivity {
  let online = initiallyOnline;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setOnline(next) {
      if (next === online) return;
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}
