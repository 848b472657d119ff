import * as z from 'zod/mini';
import { textSchema } from './text-schema';
import { booleanField, enumField, flag, nullableField, numberField, withFallback } from './schema-helpers';

export const endTypes = ['BACK', 'PAGE', 'URL', 'RESUME'] as const;

export const closeTypes = ['MSG', 'URL', 'BACK'] as const;

export const shareTypes = ['link', 'email'] as const;

/**
 * A password field: a boolean (which gate applies), a string (backend's choice) or null (no gate). A flag written
 * as 0 or 1 or as a word (`"false"`) is that flag, never a password to type; a value of no such shape is no gate.
 */
export const passwordFieldSchema = withFallback(z.nullable(z.union([booleanField(z.boolean()), z.string()])), null);

export const shareConfigSchema = z.object({
  answer_later: flag(false),
  answer_later_remember: flag(false),
  answer_later_email_template_id: nullableField(z.union([z.number(), z.string()])),
  close_type: withFallback(enumField(closeTypes), 'BACK'),
  close_url: nullableField(z.string()),
  end_type: withFallback(enumField(endTypes), 'BACK'),
  end_url: nullableField(z.string()),
  /** URL of the RESUME end type. */
  end_url_resume: nullableField(z.string()),
  multiple_responses: flag(true),
  /** Minutes to wait before a new response from the same device; null means no wait. */
  multiple_responses_time: nullableField(numberField(z.number().check(z.nonnegative()))),
  password: passwordFieldSchema,
  global_password: passwordFieldSchema,
  custom_password: passwordFieldSchema,
  multiple_password: passwordFieldSchema,
  repository_password: passwordFieldSchema,
  type: withFallback(enumField(shareTypes), 'link'),
  /** Added by us: owner's text of the end page (end type PAGE); null means the catalogue's thank-you text. */
  end_template: nullableField(textSchema),
  /** Added by us: owner's text of the closed page (close type MSG); null means the catalogue's closed text. */
  close_template: nullableField(textSchema),
  /** Send the respondent an email at the end (shape left open by the spec: a flag or a template id). */
  end_email: nullableField(z.union([z.boolean(), z.number(), z.string()])),
});
export type ShareConfig = z.infer<typeof shareConfigSchema>;
