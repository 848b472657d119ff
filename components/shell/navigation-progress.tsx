'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { getBrowserProgressBar } from './progress-controller';

/** A click that did not lead to a navigation (a handler stopped it) must not leave the bar running. */
const ABANDON_AFTER_MS = 10_000;

function isSameDocumentNavigation(event: MouseEvent): boolean {
  // Not `defaultPrevented`: the router's own links prevent the default to navigate client-side.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) {
    return false;
  }
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin) return false;
  // A hash change on the same page is a scroll, not a navigation.
  return url.pathname !== here.pathname || url.search !== here.search;
}

/** Starts the bar when a link is followed and ends it when the new route has rendered. */
export function NavigationProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const navigating = useRef<number | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isSameDocumentNavigation(event) || navigating.current !== null) return;
      getBrowserProgressBar().start();
      navigating.current = window.setTimeout(() => {
        navigating.current = null;
        getBrowserProgressBar().done();
      }, ABANDON_AFTER_MS);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (navigating.current === null) return;
    window.clearTimeout(navigating.current);
    navigating.current = null;
    getBrowserProgressBar().done();
  }, [pathname, searchParams]);

  return null;
}
