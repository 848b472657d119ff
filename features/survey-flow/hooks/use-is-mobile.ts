'use client';

import { startTransition, useEffect, useState } from 'react';

/** Spec §9: the mobile layout starts below 960 px. */
export const MOBILE_QUERY = '(max-width: 959px)';

/**
 * Below the mobile breakpoint. For a phone's user agent (the server's guess), `true` until the browser says the
 * window is wider. For any other, `null` ("either") until the browser says it is narrower, and again once it is
 * wider: the server rendered its page for either width (widgets/types.ts), so a desktop's guess, when right, is
 * never rendered again. A wrong guess is put right in a transition once the page has hydrated: with React's
 * external-store hook, it re-rendered the whole survey synchronously inside the take-over, before a click could
 * count.
 */
export function useIsMobile(serverGuess: boolean): boolean | null {
  const [mobile, setMobile] = useState<boolean | null>(serverGuess ? true : null);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => startTransition(() => setMobile(query.matches ? true : serverGuess ? false : null));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [serverGuess]);
  return mobile;
}
