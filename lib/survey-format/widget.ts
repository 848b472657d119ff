import { z } from 'zod';
import { dateFormats } from './date-formats';
import { settingDefaults } from './setting-defaults';
import { validationSchema } from './validation';
import { textSchema } from './text-schema';
import { flag, idSchema, listField, nullableField, withDefault } from './schema-helpers';
import { isQuestionSubtype, widgetSubtypes, type WidgetSubtype } from './widget-kinds';

/** An option (or, in matrices, a row; in `scale_semantic`, a row whose `value` is the left pole). */
export const widgetItemSchema = z.object({
  id: idSchema,
  value: withDefault(textSchema, ''),
  fixed: flag(false),
  image_src: nullableField(z.string()),
  score: withDefault(z.number(), 0),
  /** `scale_semantic` only: the right pole. */
  right_value: nullableField(textSchema),
});
export type WidgetItem = z.infer<typeof widgetItemSchema>;

/** A matrix column. */
export const colOptionSchema = z.object({
  id: idSchema,
  value: withDefault(textSchema, ''),
});

/** An entry of `settings.dropdown_items` (other_dropdown_matrix). */
export const dropdownItemSchema = z.object({
  id: idSchema,
  value: withDefault(textSchema, ''),
});

export const datetimeModes = ['date', 'time', 'datetime'] as const;
export type DatetimeMode = (typeof datetimeModes)[number];

export const videoProviders = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof videoProviders)[number];

/**
 * Every setting of the subtype table, all optional. One permissive object rather than a union per subtype: a
 * setting that does not apply to a subtype is ignored, not an error. `null` counts as absent.
 */
const widgetSettingsShape = z.object({
  // choice questions
  randomize: z.boolean().nullish(),
  has_other: z.boolean().nullish(),
  /** Added by us: label of the "other" option (the UI's translated "Other" when absent). */
  other_label: z.nullish(textSchema),
  columns: z.number().int().positive().nullish(),
  min_selections: z.number().int().nonnegative().nullish(),
  max_selections: z.number().int().nonnegative().nullish(),
  // matrices
  dropdown_items: z.array(dropdownItemSchema).nullish(),
  split: z.boolean().nullish(),
  randomize_rows: z.boolean().nullish(),
  // scales
  stars: z.number().int().positive().nullish(),
  min: z.number().nullish(),
  max: z.number().nullish(),
  step: z.number().positive().nullish(),
  min_label: z.nullish(textSchema),
  max_label: z.nullish(textSchema),
  points: z.number().int().positive().nullish(),
  // date/time
  mode: z.enum(datetimeModes).nullish(),
  date_format: z.enum(dateFormats).nullish(),
  // free text
  placeholder: z.nullish(textSchema),
  rows: z.number().int().positive().nullish(),
  sum_total: z.number().nullish(),
  // file upload
  max_files: z.number().int().positive().nullish(),
  max_size_mb: z.number().positive().nullish(),
  /** Extensions, with or without the dot (`["pdf", ".png"]`). */
  accepted_types: z.array(z.string()).nullish(),
  // blocks
  src: z.string().nullish(),
  /** Added by us: alternative text of an image block. */
  alt: z.nullish(textSchema),
  provider: z.enum(videoProviders).nullish(),
  video_id: z.string().nullish(),
});

type SettingsIn = z.output<typeof widgetSettingsShape>;
/** Widget settings after parsing: absent or null settings are simply missing. */
export type WidgetSettings = { [K in keyof SettingsIn]?: Exclude<SettingsIn[K], null | undefined> };

export const widgetSettingsSchema = widgetSettingsShape.transform((settings): WidgetSettings => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out as WidgetSettings;
});

/** The subtype defaults, checked against the settings they fill. */
const defaultsBySubtype: Partial<Record<WidgetSubtype, WidgetSettings>> = settingDefaults;

/** Quiz answer key: the right option ids, or the right entered values. */
export const quizSchema = z.union([
  z.object({ correct_item_ids: z.array(idSchema) }),
  z.object({ correct_values: z.array(z.string()) }),
]);
export type Quiz = z.infer<typeof quizSchema>;

const widgetObjectSchema = z.object({
  id: idSchema,
  /** Derived from the subtype after parsing (block subtypes are not questions); accepted for compatibility. */
  is_question: z.boolean().nullish(),
  subtype: z.enum(widgetSubtypes),
  hidden: flag(false),
  title: withDefault(textSchema, ''),
  description: nullableField(textSchema),
  required: flag(false),
  items: listField(widgetItemSchema),
  col_options: listField(colOptionSchema),
  settings: withDefault(widgetSettingsSchema, {}),
  validation: nullableField(validationSchema),
  quiz: nullableField(quizSchema),
  jump_page_mobile: flag(false),
});

type WidgetObject = z.output<typeof widgetObjectSchema>;
export type Widget = Omit<WidgetObject, 'is_question'> & { is_question: boolean };

/** A question or content block. Output: `is_question` follows the subtype; subtype defaults fill `settings`. */
export const widgetSchema = widgetObjectSchema.transform((widget): Widget => ({
  ...widget,
  is_question: isQuestionSubtype(widget.subtype),
  settings: { ...defaultsBySubtype[widget.subtype], ...widget.settings },
}));
