import type { Page } from './page';
import type { Survey } from './survey';
import type { Widget, WidgetSettings } from './widget';

/**
 * A survey whose far pages keep their structure but not their words: what the logic, the page flow, the order and
 * the progress read (ids, subtypes, flags, settings, validation, quiz keys) stays; titles, descriptions, option,
 * row and column labels, scale labels and placeholders are emptied. The first HTML then carries the words of the
 * pages a respondent is about to see, not of the whole survey; the browser fills in the rest once the client has
 * taken over (`withPageWords`).
 */
export interface SurveyOutline {
  survey: Survey;
  /** Pages whose words are missing, to be filled in before they are shown. */
  outlinedPageIds: number[];
}

const WORD_SETTINGS = ['other_label', 'min_label', 'max_label', 'placeholder', 'alt'] as const;

function wordlessSettings(settings: WidgetSettings): WidgetSettings {
  const out: WidgetSettings = { ...settings };
  for (const key of WORD_SETTINGS) delete out[key];
  if (out.dropdown_items) out.dropdown_items = out.dropdown_items.map((entry) => ({ ...entry, value: '' }));
  return out;
}

function wordlessWidget(widget: Widget): Widget {
  return {
    ...widget,
    title: '',
    description: null,
    items: widget.items.map((item) => ({ ...item, value: '', right_value: item.right_value == null ? null : '' })),
    col_options: widget.col_options.map((column) => ({ ...column, value: '' })),
    settings: wordlessSettings(widget.settings),
  };
}

function wordlessPage(page: Page): Page {
  return { ...page, title: '', widgets: page.widgets.map(wordlessWidget) };
}

/** `survey` with the words of every page but `keepPageIds` left out. */
export function outlineSurvey(survey: Survey, keepPageIds: ReadonlySet<number>): SurveyOutline {
  const outlinedPageIds: number[] = [];
  const pages = survey.pages.map((page) => {
    if (keepPageIds.has(page.id) || page.widgets.length === 0) return page;
    outlinedPageIds.push(page.id);
    return wordlessPage(page);
  });
  return { survey: outlinedPageIds.length > 0 ? { ...survey, pages } : survey, outlinedPageIds };
}

/**
 * The outline with the named pages taken from `full` (the same survey read again), in the outline's order and with
 * everything else as the outline has it, so the screen the respondent is on does not move. A page `full` no longer
 * has stays as it was; `filled` says which pages now have their words.
 */
export function withPageWords(
  outline: Survey,
  full: Survey,
  pageIds: readonly number[],
): { survey: Survey; filled: number[] } {
  const wanted = new Set(pageIds);
  const fullPages = new Map(full.pages.map((page) => [page.id, page]));
  const filled: number[] = [];
  const pages = outline.pages.map((page) => {
    const replacement = wanted.has(page.id) ? fullPages.get(page.id) : undefined;
    if (!replacement) return page;
    filled.push(page.id);
    // The outline's widget order is the respondent's (shuffled pages keep it); the words come from `full`.
    const widgets = new Map(replacement.widgets.map((widget) => [widget.id, widget]));
    return { ...replacement, widgets: page.widgets.map((widget) => widgets.get(widget.id) ?? widget) };
  });
  return { survey: filled.length > 0 ? { ...outline, pages } : outline, filled };
}
