'use client';

import { useEffect } from 'react';

/**
 * Loads the theme's web font once the page is on screen, never before: the text shows at once in the system
 * stack (`--font-body` lists it after the theme's family) and switches when the font arrives (`display=swap`);
 * without a network the system stack simply stays.
 */
export function WebFont({ family, stylesheet }: { family: string; stylesheet: string }) {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    link.dataset.themeFont = family;
    document.head.append(link);
    return () => link.remove();
  }, [family, stylesheet]);
  return null;
}
