import { z } from 'zod';
import { dateFormats } from './date-formats';
import { listField, nullableField, numberField, withFallback } from './schema-helpers';

/** Validation types of spec §5. */
export const validationTypes = [
  'text',
  'number',
  'decimal',
  'alphanumeric',
  'email',
  'webpage',
  'regex',
  'date',
] as const;
export type ValidationType = (typeof validationTypes)[number];

/**
 * A free-text validation. Bounds are optional and may be null. `pattern` (type `regex`) is run by the app in a
 * linear-time engine; the schema only checks it is a string.
 */
export const validationSchema = z.object({
  type: z.enum(validationTypes),
  min_length: nullableField(numberField(z.number().int().nonnegative())),
  max_length: nullableField(numberField(z.number().int().nonnegative())),
  min_value: nullableField(numberField(z.number())),
  max_value: nullableField(numberField(z.number())),
  pattern: nullableField(z.string()),
  date_format: withFallback(z.enum(dateFormats).nullable(), null),
  restricted_values: listField(z.string()),
});

export type Validation = z.infer<typeof validationSchema>;
