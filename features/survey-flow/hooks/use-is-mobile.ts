'use client';

import { startTransition, useEffect, useState } from 'react';

/** Spec §9: the mobile layout starts below 960 px. */
export const MOBILE_QUERY = '(max-width: 959px)';

/**
 * Below the mobile breakpoint; until the browser has answered, what the request's user agent suggested (the
 * server's guess, which the server-rendered page shows). A wrong guess is put right in a transition once the page
 * has hydrated: with React's external-store hook, it re-rendered the whole survey synchronously inside the
 * take-over, before a click could count.
 */
export function useIsMobile(serverGuess: boolean): boolean {
  const [mobile, setMobile] = useState(serverGuess);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => startTransition(() => setMobile(query.matches));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}
