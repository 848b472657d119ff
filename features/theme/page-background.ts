import type { Survey } from '@/lib/survey-format/survey';
import { safeImageUrl } from '@/lib/url';

/**
 * The background picture of a page (survey-format.md Page `background`): its own, else the one a page marked
 * `apply_all_pages` gives every page (the first such page in survey order), else none, and the theme's
 * `background_image` stays. Addresses other than http(s) and same-site paths are ignored.
 */
export function pageBackground(survey: Survey, pageId: number | null): string | null {
  const own = safeImageUrl(survey.pages.find((page) => page.id === pageId)?.background?.src);
  if (own) return own;
  for (const page of survey.pages) {
    const src = page.background?.apply_all_pages ? safeImageUrl(page.background.src) : null;
    if (src) return src;
  }
  return null;
}
