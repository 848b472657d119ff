import { z } from 'zod';
import { textSchema } from './text-schema';
import {
  enumField,
  flag,
  isOneOf,
  noteDefaulted,
  nullableField,
  numberField,
  readAfter,
  withDefault,
  withFallback,
} from './schema-helpers';

export const timeoutTypes = ['minutes', 'hours', 'days'] as const;
export type TimeoutType = (typeof timeoutTypes)[number];

/** `"hour"` is hours: a limit in a unit not read would be no limit (`timerOffForUnknownUnit`). */
function pluralUnit(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const plural = `${value.trim().toLowerCase()}s`;
  return timeoutTypes.find((unit) => unit === plural) ?? value;
}

/**
 * A time limit in a unit this app does not know (`"weeks"`) is no limit, logged: counted in the default minutes, a
 * five-week limit would end after five minutes. A unit left out, null or empty is the default.
 */
function timerOffForUnknownUnit(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const unit: unknown = (value as { timeout_type?: unknown }).timeout_type;
  const missing = unit === undefined || unit === null || unit === '' || (Array.isArray(unit) && unit.length === 0);
  if (missing || isOneOf(timeoutTypes, pluralUnit(unit))) return value;
  noteDefaulted(unit, 'an unknown time unit turned the timer off');
  return { ...value, timeout_amount: null };
}

/** The five limit-message flags of spec §3 (all on by default). */
export const validationMessagesEnabledSchema = z.object({
  single_selection: flag(true),
  fill_requirement: flag(true),
  matrix_options: flag(true),
  matrix_rows: flag(true),
  all_rows_required: flag(true),
});
export type ValidationMessagesEnabled = z.infer<typeof validationMessagesEnabledSchema>;

/** Survey config (spec §3, §9 defaults). Dates are ISO-8601 strings. */
export const configSchema = readAfter(
  timerOffForUnknownUnit,
  z.object({
    is_open: flag(true),
    start_date: nullableField(z.string()),
    end_date: nullableField(z.string()),
    has_powered_by: flag(true),
    /** Owner's generic error text; the spec calls the default a placeholder, so null means "use the catalogue". */
    error_message: nullableField(textSchema),
    timeout_amount: nullableField(numberField(z.number().nonnegative())),
    timeout_type: withFallback(readAfter(pluralUnit, enumField(timeoutTypes)), 'minutes'),
    personal_subdomain: nullableField(z.string()),
    has_promo: flag(false),
    auto_question_flow_desktop: flag(true),
    auto_question_flow_mobile: flag(true),
    auto_page_flow: flag(false),
    number_pages: flag(false),
    number_questions: flag(false),
    progress_bar: flag(false),
    hide_back_button: flag(true),
    selector_original_language: flag(true),
    validation_messages_enabled: withDefault(
      validationMessagesEnabledSchema,
      validationMessagesEnabledSchema.parse({}),
    ),
    is_quiz: flag(false),
    max_responses: nullableField(numberField(z.number().int().nonnegative())),
    randomize_pages: flag(false),
  }),
);
export type Config = z.infer<typeof configSchema>;
