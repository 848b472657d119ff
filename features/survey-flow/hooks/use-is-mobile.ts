'use client';

import { useSyncExternalStore } from 'react';

/** Spec §9: the mobile layout starts below 960 px. */
export const MOBILE_QUERY = '(max-width: 959px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Below the mobile breakpoint; on the server, what the request's user agent suggested. */
export function useIsMobile(serverGuess: boolean): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => serverGuess,
  );
}
