import { z } from 'zod';
import { dateFormats } from './date-formats';
import { enumField, listOfValid, nullableField, numberField, stringRefSchema, withFallback } from './schema-helpers';

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
  type: enumField(validationTypes),
  min_length: nullableField(numberField(z.number().int().nonnegative())),
  max_length: nullableField(numberField(z.number().int().nonnegative())),
  min_value: nullableField(numberField(z.number())),
  max_value: nullableField(numberField(z.number())),
  pattern: nullableField(z.string()),
  date_format: withFallback(z.nullable(enumField(dateFormats)), null),
  /** Numbers become strings (`5` → `"5"`), as a respondent types them. */
  restricted_values: listOfValid(stringRefSchema),
});

export type Validation = z.infer<typeof validationSchema>;
