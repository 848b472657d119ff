'use client';

import { useEffect } from 'react';
import { WEB_FONT_STYLESHEET_ORIGIN } from '@/lib/security/security-headers';

/**
 * Loads the theme's web font once the page is on screen, never before: the text shows at once in the system
 * stack (`--font-body` lists it after the theme's family) and switches when the font arrives (`display=swap`);
 * without a network the system stack simply stays.
 */
export function WebFont({ family }: { family: string | undefined }) {
  useEffect(() => {
    if (!family) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = webFontStylesheet(family);
    link.dataset.themeFont = family;
    document.head.append(link);
    return () => link.remove();
  }, [family]);
  return null;
}

/** The stylesheet of `family` (a plain name, webFontFamily) in the weights the survey uses. */
export function webFontStylesheet(family: string): string {
  return `${WEB_FONT_STYLESHEET_ORIGIN}/css2?family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@400;500;600;700&display=swap`;
}
