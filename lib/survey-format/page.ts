import { z } from 'zod';
import { textSchema } from './text-schema';
import { widgetSchema } from './widget';
import { flag, idSchema, listField, nullableField, withDefault } from './schema-helpers';

export const pageBackgroundSchema = z.object({
  src: z.string(),
  apply_all_pages: flag(false),
});

export const pageSchema = z.object({
  id: idSchema,
  title: withDefault(textSchema, ''),
  hidden: flag(false),
  randomize_widgets: flag(false),
  background: nullableField(pageBackgroundSchema),
  widgets: listField(widgetSchema),
});
export type Page = z.infer<typeof pageSchema>;
