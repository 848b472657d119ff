'use client';

import { useEffect } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function reloadOnce() {
  reloadOnceForChunkError({
    storage: window.sessionStorage,
    now: Date.now(),
    reload: () => window.location.reload(),
    online: navigator.onLine,
  });
}

/**
 * Page-wide client behaviour with no UI: marks the document as hydrated (so a benchmark or a test knows
 * when a click counts) and reloads once when a script chunk fails to load. A part of the page that hydrates in
 * pieces (lazily loaded code) says so with `data-hydration-owner` and sets the mark itself when it is done.
 */
export function ClientShell() {
  useEffect(() => {
    if (!document.querySelector('[data-hydration-owner]')) document.documentElement.dataset.hydrated = 'true';
    const onError = (event: ErrorEvent | Event) => {
      const target = event.target;
      const failedScript = target instanceof HTMLScriptElement && target.src.includes('/_next/');
      if (failedScript || ('error' in event && isChunkLoadError(event.error))) reloadOnce();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadOnce();
    };
    // Capture phase: a <script> load error does not bubble.
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
