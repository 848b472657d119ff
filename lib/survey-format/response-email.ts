import { z } from 'zod';
import { textSchema } from './text-schema';
import { enumField, flag, nullableField, withFallback } from './schema-helpers';

/** Where the respondent's email address comes from (spec §3). */
export const emailSourceTypes = ['question', 'url_param', 'email_field'] as const;

/** Email sent to the respondent with their answers (spec §3). */
export const responseEmailSchema = z.object({
  template_id: nullableField(z.union([z.number(), z.string()])),
  /** Backend-defined email settings, passed back untouched in the queue call. */
  email_config: nullableField(z.record(z.string(), z.unknown())),
  subject: nullableField(textSchema),
  /** Widget id, URL parameter or field name holding the address, per `email_source_type`. */
  email_source: nullableField(z.union([z.string(), z.number()]).transform((value) => String(value))),
  email_source_type: withFallback(z.nullable(enumField(emailSourceTypes)), null),
  attach_excel: flag(false),
});
export type ResponseEmail = z.infer<typeof responseEmailSchema>;
