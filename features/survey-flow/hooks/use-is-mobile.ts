'use client';

import { startTransition, useEffect, useState } from 'react';

/** Spec §9: the mobile layout starts below 960 px. */
export const MOBILE_QUERY = '(max-width: 959px)';

/**
 * Below the mobile breakpoint. For a phone's user agent (the server's guess), `true` until the browser says
 * otherwise; for any other, `null` ("either") until the browser has answered: the server rendered that page for
 * either width (widgets/types.ts). The browser's answer comes in a transition once the page has hydrated: with
 * React's external-store hook, a wrong guess re-rendered the whole survey synchronously inside the take-over,
 * before a click could count. On a phone, a right guess renders nothing again.
 */
export function useIsMobile(serverGuess: boolean): boolean | null {
  const [mobile, setMobile] = useState<boolean | null>(serverGuess ? true : null);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => startTransition(() => setMobile(query.matches));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}
