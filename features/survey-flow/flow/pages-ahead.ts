import type { Survey } from '@/lib/survey-format/survey';
import type { Widget } from '@/lib/survey-format/widget';

/**
 * The first question of each kind on the `count` pages after `pageId`, in the survey's order, leaving out the pages its
 * logic hides now.
 */
export function widgetsAhead(
  survey: Survey,
  pageId: number | null,
  hiddenPageIds: ReadonlySet<number>,
  count: number,
): Widget[] {
  const at = survey.pages.findIndex((page) => page.id === pageId);
  if (at < 0) return [];
  const ahead = survey.pages
    .slice(at + 1)
    .filter((page) => !hiddenPageIds.has(page.id))
    .slice(0, count);
  const firstOfKind = new Map<Widget['subtype'], Widget>();
  for (const widget of ahead.flatMap((page) => page.widgets)) {
    if (!firstOfKind.has(widget.subtype)) firstOfKind.set(widget.subtype, widget);
  }
  return [...firstOfKind.values()];
}

/**
 * The kinds of question on the `count` pages after `pageId`. Their code is asked for first once the client has taken
 * over: a respondent quick to press Next then finds it there, not queued behind the survey API's larger chunks (six
 * requests at a time on HTTP/1.1).
 */
export function subtypesAhead(
  survey: Survey,
  pageId: number | null,
  hiddenPageIds: ReadonlySet<number>,
  count: number,
): Widget['subtype'][] {
  return widgetsAhead(survey, pageId, hiddenPageIds, count).map((widget) => widget.subtype);
}
