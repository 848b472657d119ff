import { z } from 'zod';
import { dateFormats } from './date-formats';
import { scaleLimits, settingDefaults } from './setting-defaults';
import { validationSchema } from './validation';
import { textSchema } from './text-schema';
import {
  booleanField,
  enumField,
  firstOfEachId,
  flag,
  forgiving,
  idSchema,
  listField,
  noteDefaulted,
  nullableField,
  numberField,
  readAfter,
  requiredList,
  stringRefSchema,
  validEntriesOf,
  withDefault,
  withFallback,
} from './schema-helpers';
import { isQuestionSubtype, widgetSubtypes, type WidgetSubtype } from './widget-kinds';

/** An option (or, in matrices, a row; in `scale_semantic`, a row whose `value` is the left pole). */
export const widgetItemSchema = z.object({
  id: idSchema,
  value: withDefault(textSchema, ''),
  fixed: flag(false),
  image_src: nullableField(z.string()),
  /** A score this app cannot read (`""`, `"1,5"`) counts 0 rather than make the survey inaccessible. */
  score: withFallback(numberField(z.number()), 0),
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
 * setting that does not apply to a subtype is ignored, not an error. `null` counts as absent, and so does a value
 * this app cannot use (an unknown mode, a count of 0): the subtype's default applies, and the difference is logged.
 */
const widgetSettingsShape = z.object({
  // choice questions
  randomize: forgiving(booleanField(z.boolean())),
  has_other: forgiving(booleanField(z.boolean())),
  /** Added by us: label of the "other" option (the UI's translated "Other" when absent). */
  other_label: forgiving(textSchema),
  columns: forgiving(numberField(z.number().int().positive())),
  min_selections: forgiving(numberField(z.number().int().nonnegative())),
  max_selections: forgiving(numberField(z.number().int().nonnegative())),
  // matrices
  dropdown_items: forgiving(firstOfEachId(readAfter(validEntriesOf(dropdownItemSchema), z.array(dropdownItemSchema)))),
  split: forgiving(booleanField(z.boolean())),
  randomize_rows: forgiving(booleanField(z.boolean())),
  // scales
  stars: forgiving(numberField(z.number().int().positive().max(scaleLimits.stars))),
  min: forgiving(numberField(z.number())),
  max: forgiving(numberField(z.number())),
  step: forgiving(numberField(z.number().positive())),
  min_label: forgiving(textSchema),
  max_label: forgiving(textSchema),
  points: forgiving(numberField(z.number().int().positive().max(scaleLimits.points))),
  // date/time
  mode: forgiving(enumField(datetimeModes)),
  date_format: forgiving(enumField(dateFormats)),
  // free text
  placeholder: forgiving(textSchema),
  rows: forgiving(numberField(z.number().int().positive())),
  sum_total: forgiving(numberField(z.number())),
  // file upload
  max_files: forgiving(numberField(z.number().int().positive())),
  max_size_mb: forgiving(numberField(z.number().positive())),
  /** Extensions, with or without the dot (`["pdf", ".png"]`); also read from one string, `"pdf, .png"`. */
  accepted_types: forgiving(
    readAfter(
      (value) =>
        validEntriesOf(z.string())(typeof value === 'string' ? value.split(',').map((type) => type.trim()) : value),
      z.array(z.string()),
    ),
  ),
  // blocks
  src: forgiving(z.string()),
  /** Added by us: alternative text of an image block. */
  alt: forgiving(textSchema),
  provider: forgiving(enumField(videoProviders)),
  /** A Vimeo id may come as a number. */
  video_id: forgiving(stringRefSchema),
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
  z.object({ correct_item_ids: requiredList(idSchema) }),
  z.object({ correct_values: requiredList(stringRefSchema) }),
]);
export type Quiz = z.infer<typeof quizSchema>;

const widgetObjectSchema = z.object({
  id: idSchema,
  /** Derived from the subtype after parsing (block subtypes are not questions); accepted, in any shape, and ignored. */
  is_question: forgiving(booleanField(z.boolean())),
  subtype: enumField(widgetSubtypes),
  hidden: flag(false),
  title: withDefault(textSchema, ''),
  description: nullableField(textSchema),
  required: flag(false),
  /** Options and columns answer by id: of entries sharing an id, the first is kept. */
  items: firstOfEachId(listField(widgetItemSchema)),
  col_options: firstOfEachId(listField(colOptionSchema)),
  settings: withDefault(widgetSettingsSchema, {}),
  /** A validation or quiz key this app cannot read (an unknown type) checks nothing rather than fail the survey. */
  validation: withFallback(validationSchema.nullable(), null),
  quiz: withFallback(quizSchema.nullable(), null),
  jump_page_mobile: flag(false),
});

type WidgetObject = z.output<typeof widgetObjectSchema>;
export type Widget = Omit<WidgetObject, 'is_question'> & { is_question: boolean };

/**
 * The settings of a `subtype`: its defaults under the survey's. A numeric scale whose `max - min` is negative or
 * above `scaleLimits.numericSpan` takes its default range (logged): it would draw no button, or more than anyone
 * can answer (a billion would exhaust the server's memory).
 */
function settingsOf(subtype: WidgetSubtype, settings: WidgetSettings): WidgetSettings {
  const merged = { ...defaultsBySubtype[subtype], ...settings };
  if (subtype !== 'scale_numeric' || merged.min === undefined || merged.max === undefined) return merged;
  const span = merged.max - merged.min;
  if (span >= 0 && span <= scaleLimits.numericSpan) return merged;
  noteDefaulted(span, `a numeric scale's max - min out of 0..${scaleLimits.numericSpan} took the default range`);
  return { ...merged, ...settingDefaults.scale_numeric };
}

/** A question or content block. Output: `is_question` follows the subtype; subtype defaults fill `settings`. */
export const widgetSchema = widgetObjectSchema.transform((widget): Widget => ({
  ...widget,
  is_question: isQuestionSubtype(widget.subtype),
  settings: settingsOf(widget.subtype, widget.settings),
}));
