import { seededShuffle } from '@/lib/seeded-shuffle';
import type { Page } from '@/lib/survey-format/page';
import type { Survey } from '@/lib/survey-format/survey';
import type { ShuffleOrders } from '@/stores/survey-persistence-port';

/**
 * The order one respondent meets a survey in: `config.randomize_pages` shuffles the pages, a page's
 * `randomize_widgets` its questions. Derived from the respondent's seed, so the server render, the client's first
 * render and every reload agree; kept under the spec's `-shuffle-pages` key, whose stored order wins over the seed
 * (a response started under another seed keeps its order).
 *
 * Only what is shuffled moves: pages without questions (an introduction, an ending page) and content blocks
 * (text, image, video) keep their places, as options flagged `fixed` do. Logic applies to the ordered survey,
 * so numbering, "next", progress and jumps all follow what the respondent sees.
 */

type Slotted = { id: number; fixed: boolean };

const PAGES_SCOPE = 'pages';
const pageScope = (pageId: number) => `page:${pageId}`;

/** `ids` reordered as `stored` says, when `stored` holds exactly the same ids; else `null`. */
function storedOrder(ids: readonly number[], stored: readonly number[] | undefined): number[] | null {
  if (!stored || stored.length !== ids.length) return null;
  const known = new Set(ids);
  if (new Set(stored).size !== stored.length || !stored.every((id) => known.has(id))) return null;
  return [...stored];
}

function order(slots: readonly Slotted[], seed: string, stored: readonly number[] | undefined): number[] {
  return (
    storedOrder(
      slots.map((slot) => slot.id),
      stored,
    ) ?? seededShuffle(slots, seed).map((slot) => slot.id)
  );
}

function byIds<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function orderedPage(page: Page, seed: string, stored: ShuffleOrders): { page: Page; ids: number[] | null } {
  if (!page.randomize_widgets) return { page, ids: null };
  const slots = page.widgets.map((widget) => ({ id: widget.id, fixed: !widget.is_question }));
  const ids = order(slots, `${seed}:${pageScope(page.id)}`, stored[pageScope(page.id)]);
  return { page: { ...page, widgets: byIds(page.widgets, ids) }, ids };
}

export interface RespondentOrder {
  survey: Survey;
  /** What to store under `-shuffle-pages`; empty when nothing is randomised. */
  orders: ShuffleOrders;
}

/**
 * Whether the respondent's seed orders anything in this survey: its pages, a page's questions, a question's options
 * or a matrix's rows. When nothing is, the page is the same for every respondent and needs no seed of theirs.
 */
export function dependsOnSeed(survey: Survey): boolean {
  return (
    survey.config.randomize_pages ||
    survey.pages.some(
      (page) =>
        page.randomize_widgets ||
        page.widgets.some((widget) => Boolean(widget.settings.randomize || widget.settings.randomize_rows)),
    )
  );
}

export function respondentOrder(survey: Survey, seed: string, stored: ShuffleOrders = {}): RespondentOrder {
  const orders: ShuffleOrders = {};
  const pages = survey.pages.map((page) => {
    const ordered = orderedPage(page, seed, stored);
    if (ordered.ids) orders[pageScope(page.id)] = ordered.ids;
    return ordered.page;
  });
  if (!survey.config.randomize_pages) {
    return { survey: Object.keys(orders).length > 0 ? { ...survey, pages } : survey, orders };
  }
  const slots = pages.map((page) => ({ id: page.id, fixed: !page.widgets.some((widget) => widget.is_question) }));
  const pageIds = order(slots, `${seed}:${PAGES_SCOPE}`, stored[PAGES_SCOPE]);
  orders[PAGES_SCOPE] = pageIds;
  return { survey: { ...survey, pages: byIds(pages, pageIds) }, orders };
}
