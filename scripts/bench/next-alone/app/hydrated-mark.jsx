'use client';

import { useEffect } from 'react';

/** Marks the document once React has taken over, as the app's ClientShell does, so the bench times both alike. */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
