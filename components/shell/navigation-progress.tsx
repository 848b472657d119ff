'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { getBrowserProgressBar } from './progress-controller';

function isSameDocumentNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
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
  const navigating = useRef(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isSameDocumentNavigation(event) || navigating.current) return;
      navigating.current = true;
      getBrowserProgressBar().start();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (!navigating.current) return;
    navigating.current = false;
    getBrowserProgressBar().done();
  }, [pathname, searchParams]);

  return null;
}
