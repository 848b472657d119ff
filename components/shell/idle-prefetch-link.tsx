'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { PREFETCH_IDLE_TIMEOUT_MS, shouldPrefetch, type NavigatorLike } from './idle-prefetch';

type IdlePrefetchLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & {
  href: string;
  /** The href with its locale prefix, as the router fetches it. */
  resolvedHref: string;
};

/** A locale-aware link that prefetches its page only once the browser is idle and the network allows it. */
export function IdlePrefetchLink({ resolvedHref, ...props }: IdlePrefetchLinkProps) {
  const router = useRouter();
  useEffect(() => {
    if (!shouldPrefetch(window.navigator as NavigatorLike)) return;
    const prefetch = () => router.prefetch(resolvedHref);
    // Safari has no requestIdleCallback: a plain time-out is the closest thing.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(prefetch, PREFETCH_IDLE_TIMEOUT_MS);
    return () => clearTimeout(handle);
  }, [router, resolvedHref]);
  return <Link {...props} prefetch={false} />;
}
