/** The documented shortcut that opens the navigation panel from anywhere on the survey screen. */
export const PANEL_SHORTCUT = 'Alt+Shift+N';

/**
 * The accessibility navigation panel's model (spec §2): the pages a respondent can see, each with its status and
 * questions, and a search over page titles, question titles and option labels. Plain data in, plain data out: the
 * survey screen builds the pages with its logic applied and its texts piped; this module knows no survey format.
 */

/** Where a page stands for the respondent. */
export type NavPageStatus =
  /** The page on screen. */
  | 'current'
  /** Passed, and the respondent may go back to it. */
  | 'completed'
  /** Passed, but the survey does not let the respondent go back (its back button is hidden). */
  | 'locked'
  /** Not reached yet. */
  | 'future';

export interface NavQuestion {
  id: number;
  title: string;
  options: readonly string[];
}

export interface NavPage {
  id: number;
  /** The page's title, or empty: the panel names it by its number. */
  title: string;
  number: number;
  status: NavPageStatus;
  questions: readonly NavQuestion[];
}

export interface NavSearchResult {
  pageId: number;
  /** The question the result belongs to; `null` for a page title. */
  questionId: number | null;
  /** What matched. */
  label: string;
  /** The page the respondent can go to now (current, or passed and open). */
  reachable: boolean;
}

/** The respondent may move to the page now. */
export function isReachable(status: NavPageStatus): boolean {
  return status === 'current' || status === 'completed';
}

/** Folded for matching: case, accents and surrounding space do not matter ("Educación" finds "educacion"). */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/** Page titles, question titles and option labels that contain `query`, in page order; at most `limit`. */
export function searchNav(pages: readonly NavPage[], query: string, limit = 20): NavSearchResult[] {
  const wanted = fold(query);
  if (wanted === '') return [];
  const results: NavSearchResult[] = [];
  const add = (result: NavSearchResult) => {
    if (results.length < limit) results.push(result);
  };
  for (const page of pages) {
    const reachable = isReachable(page.status);
    if (page.title && fold(page.title).includes(wanted))
      add({ pageId: page.id, questionId: null, label: page.title, reachable });
    for (const question of page.questions) {
      if (fold(question.title).includes(wanted)) {
        add({ pageId: page.id, questionId: question.id, label: question.title, reachable });
        continue;
      }
      const option = question.options.find((candidate) => fold(candidate).includes(wanted));
      if (option) add({ pageId: page.id, questionId: question.id, label: `${question.title}: ${option}`, reachable });
    }
  }
  return results;
}
