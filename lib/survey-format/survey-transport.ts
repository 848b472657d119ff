import type { Page } from './page';
import type { Survey } from './survey';
import type { Widget, WidgetItem } from './widget';

/**
 * The survey as this app's server hands it to the browser (the survey page's first HTML, `/survey-words`): every
 * page, question, option and column without the fields that hold their parsed default (an option or column left with
 * only its id is that id), and the defaults once. A
 * parsed survey spells out every default (`"fixed":false,"image_src":null,"score":0,…` on each option), which was
 * most of a 500-question survey's first HTML. The defaults come from the contract's schemas on the server
 * (`survey-defaults.ts`), so the browser needs no schema code and no copy of them: `expandSurvey` gives back exactly
 * the parsed survey.
 */

type Column = Widget['col_options'][number];
/** The fields a parsed object of each kind always has with the same value unless the survey says otherwise. */
export interface SurveyDefaults {
  page: Partial<Page>;
  widget: Partial<Widget>;
  item: Partial<WidgetItem>;
  column: Partial<Column>;
}

type Compact<T, Kept extends keyof T> = Partial<Omit<T, Kept>> & Pick<T, Kept>;
/**
 * An option or column: its fields that differ from the defaults, or its bare id when nothing else does (the options
 * of a page whose words have not been sent: a 500-question outline is mostly these).
 */
type CompactChoice<T extends { id: number }> = Compact<T, 'id'> | number;
export type CompactWidget = Compact<Omit<Widget, 'items' | 'col_options'>, 'id' | 'subtype'> & {
  items?: CompactChoice<WidgetItem>[];
  col_options?: CompactChoice<Column>[];
};
export type CompactPage = Compact<Omit<Page, 'widgets'>, 'id'> & { widgets?: CompactWidget[] };
export interface CompactSurvey {
  survey: Omit<Survey, 'pages'> & { pages: CompactPage[] };
  defaults: SurveyDefaults;
}

type Fields = Record<string, unknown>;

function isEmptyContainer(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** Defaults are plain values: a primitive, or an empty list or object (`survey-defaults.ts` keeps only those). */
function sameAsDefault(value: unknown, fallback: unknown): boolean {
  if (value === fallback) return true;
  return isEmptyContainer(value) && isEmptyContainer(fallback) && Array.isArray(value) === Array.isArray(fallback);
}

function withoutDefaults(value: object, defaults: Fields): Fields {
  const fields = value as Fields;
  const out: Fields = {};
  for (const key in fields) {
    if (!(key in defaults) || !sameAsDefault(fields[key], defaults[key])) out[key] = fields[key];
  }
  return out;
}

/** A fresh copy of the defaults under the object's own fields: no two objects share an empty list or object. */
function withDefaults(compact: object, defaults: Fields): Fields {
  const fields = compact as Fields;
  const out: Fields = {};
  for (const key in defaults) {
    const fallback = defaults[key];
    out[key] = typeof fallback !== 'object' || fallback === null ? fallback : Array.isArray(fallback) ? [] : {};
  }
  for (const key in fields) out[key] = fields[key];
  return out;
}

function compactChoice<T extends { id: number }>(choice: T, defaults: Fields): CompactChoice<T> {
  const fields = withoutDefaults(choice, defaults);
  for (const key in fields) if (key !== 'id') return fields as Compact<T, 'id'>;
  return choice.id;
}

function expandChoice(choice: CompactChoice<{ id: number }>, defaults: Fields): Fields {
  return withDefaults(typeof choice === 'number' ? { id: choice } : choice, defaults);
}

export function compactSurvey(survey: Survey, defaults: SurveyDefaults): CompactSurvey {
  const pages = survey.pages.map((page) => {
    const compactPage = withoutDefaults(page, defaults.page);
    if (page.widgets.length > 0) {
      compactPage.widgets = page.widgets.map((widget) => {
        const compactWidget = withoutDefaults(widget, defaults.widget);
        if (widget.items.length > 0)
          compactWidget.items = widget.items.map((item) => compactChoice(item, defaults.item));
        if (widget.col_options.length > 0) {
          compactWidget.col_options = widget.col_options.map((column) => compactChoice(column, defaults.column));
        }
        return compactWidget;
      });
    }
    // Every field left out holds its default, so the round trip gives the parsed page back (tested).
    return compactPage as CompactPage;
  });
  return { survey: { ...survey, pages }, defaults };
}

/** The parsed survey `compactSurvey` was given (the round trip is tested on every demo survey). */
export function expandSurvey({ survey, defaults }: CompactSurvey): Survey {
  const pages = survey.pages.map((page) => {
    const expanded = withDefaults(page, defaults.page);
    expanded.widgets = (page.widgets ?? []).map((widget) => {
      const expandedWidget = withDefaults(widget, defaults.widget);
      expandedWidget.items = (widget.items ?? []).map((item) => expandChoice(item, defaults.item));
      expandedWidget.col_options = (widget.col_options ?? []).map((column) => expandChoice(column, defaults.column));
      return expandedWidget;
    });
    // The defaults put back every field `compactSurvey` left out.
    return expanded as Page;
  });
  return { ...survey, pages };
}
