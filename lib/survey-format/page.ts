import { z } from 'zod';
import { textSchema } from './text-schema';
import { widgetSchema } from './widget';
import { flag, idSchema, isOneOf, listOfKnown, withDefault, withFallback } from './schema-helpers';
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
