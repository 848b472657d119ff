import type { Survey } from '@/lib/survey-format/survey';

/** Only web addresses and the site's own paths: a background is fetched by every respondent's browser. */
function isImageUrl(src: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(src) || /^\/(?!\/)[^\s]*$/.test(src);
}

/**
 * The background picture of a page (survey-format.md Page `background`): its own, else the one a page marked
 * `apply_all_pages` gives every page (the first such page in survey order), else none, and the theme's
 * `background_image` stays. Addresses other than http(s) and same-site paths are ignored.
 */
export function pageBackground(survey: Survey, pageId: number | null): string | null {
  const own = survey.pages.find((page) => page.id === pageId)?.background?.src.trim();
  if (own && isImageUrl(own)) return own;
  for (const page of survey.pages) {
    const src = page.background?.apply_all_pages ? page.background.src.trim() : '';
    if (src && isImageUrl(src)) return src;
  }
  return null;
}
