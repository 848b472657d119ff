import { z } from 'zod';
import { textSchema } from './text-schema';
import { widgetSchema } from './widget';
import { flag, idSchema, isOneOf, listOfKnown, noteDefaulted, withDefault, withFallback } from './schema-helpers';
import { widgetSubtypes } from './widget-kinds';

export const pageBackgroundSchema = z.object({
  src: z.string(),
  apply_all_pages: flag(false),
});

export const pageSchema = z.object({
  id: idSchema,
  title: withDefault(textSchema, ''),
  hidden: flag(false),
  randomize_widgets: flag(false),
  background: withFallback(pageBackgroundSchema.nullable(), null),
  /** A widget of a subtype this app does not know is left out (logged once); the rest of the page works. */
  widgets: listOfKnown(widgetSchema, (widget) => isOneOf(widgetSubtypes, widget.subtype)),
});
export type Page = z.infer<typeof pageSchema>;

/**
 * `pages` without the widgets repeating an earlier widget id, on its page or an earlier one (logged): an answer is
 * kept under its widget's id, so two widgets of one id would share one answer.
 */
export function firstWidgetOfEachId(pages: Page[]): Page[] {
  const seen = new Set<number>();
  return pages.map((page) => {
    const widgets = page.widgets.filter((widget) => {
      if (seen.has(widget.id)) {
        noteDefaulted(widget, 'a widget repeating an earlier widget id was left out');
        return false;
      }
      seen.add(widget.id);
      return true;
    });
    return widgets.length === page.widgets.length ? page : { ...page, widgets };
  });
}
