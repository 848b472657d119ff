import { z } from 'zod';
import { alertSchema } from './alert';
import { closeReasons, type CloseReason } from './close-reasons';
import { configSchema } from './config';
import { pageSchema } from './page';
import { responseEmailSchema } from './response-email';
import { isKnownRule, ruleSchema } from './rule';
import { shareConfigSchema } from './share-config';
import { languageCode, textSchema } from './text-schema';
import { themeSchema } from './theme';
import { packs } from './survey-rules';
import {
  enumField,
  flag,
  idSchema,
  listField,
  listOfKnown,
  listOfValid,
  nullableField,
  numberField,
  withDefault,
  withFallback,
} from './schema-helpers';

export { closeReasons, type CloseReason };

export const userProfileSchema = z.object({
  /** An unknown pack counts as FREE. */
  pack: withFallback(enumField(packs), 'FREE'),
});

export const contactCustomFieldSchema = z.object({
  name: z.string(),
  label: withDefault(textSchema, ''),
});

export const contactSchema = z.object({
  email: nullableField(z.string()),
  /** A field this app cannot read (no name) is left out. */
  custom_fields: listOfValid(contactCustomFieldSchema),
});

export const surveyLanguageSchema = z.object({
  /** The spec's code, as in URLs (`jp`, `val`, `no`), not a BCP-47 tag; read in lower case (`"EN"` is `en`). */
  code: z.string().min(1).transform(languageCode),
  is_original: flag(false),
});
export type SurveyLanguage = z.infer<typeof surveyLanguageSchema>;

/** The answer of `GET /v1/read-survey/{survey_code}/`. */
export const surveySchema = z.object({
  survey_id: idSchema,
  title: withDefault(textSchema, ''),
  title_visible: flag(true),
  logo_src: nullableField(z.string()),
  /** Shown nowhere: a count this app cannot read is 0. */
  responses_total: withFallback(numberField(z.number().int().nonnegative()), 0),
  /** Owner script: kept for compatibility, never executed. */
  script: nullableField(z.string()),
  /** An alert this app cannot read (no page) is left out. */
  alerts: listOfValid(alertSchema),
  user_profile: withDefault(userProfileSchema, { pack: 'FREE' }),
  response_email: nullableField(responseEmailSchema),
  contact: withFallback(contactSchema, { email: null, custom_fields: [] }),
  is_open: flag(true),
  close_reason: withFallback(z.nullable(enumField(closeReasons)), null),
  config: withDefault(configSchema, configSchema.parse({})),
  share_config: withDefault(shareConfigSchema, shareConfigSchema.parse({})),
  /** Theme name. */
  theme: withFallback(z.string(), 'default'),
  theme_obj: withDefault(themeSchema, themeSchema.parse({})),
  /** A language this app cannot read (no code) is left out. */
  languages: listOfValid(surveyLanguageSchema),
  /** A rule naming an action, source or operator this app does not know is left out (logged once). */
  logic_list: listOfKnown(ruleSchema, isKnownRule),
  pages: listField(pageSchema),
  /** Set when the link itself carries a response (email share). */
  response_code: nullableField(z.string()),
  response_is_completed: flag(false),
});

/** A parsed survey: defaults applied. */
export type Survey = z.output<typeof surveySchema>;
/** A survey as it may be written (demo surveys, tests, imports): optional fields may be left out. */
export type SurveyInput = z.input<typeof surveySchema>;

/** A survey file for `survey:import`: a Survey plus its URL code and, when protected, its plaintext password. */
export const surveyFileSchema = surveySchema.extend({
  survey_code: z.string().min(1),
  /** Plain text; hashed on import, never served. */
  password: z.string().optional(),
});
/** @internal The survey file as written by hand (defaults omitted), for test scaffolding. */
export type SurveyFileInput = z.input<typeof surveyFileSchema>;
