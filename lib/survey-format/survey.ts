import { z } from 'zod';
import { alertSchema } from './alert';
import { closeReasons, type CloseReason } from './close-reasons';
import { configSchema } from './config';
import { firstWidgetOfEachId, pageSchema } from './page';
import { responseEmailSchema } from './response-email';
import { isKnownRule, placeRules, ruleSchema } from './rule';
import { shareConfigSchema } from './share-config';
import { languageCode, textSchema } from './text-schema';
import { themeSchema } from './theme';
import { packs } from './survey-rules';
import {
  bitAsBoolean,
  enumField,
  firstOfEachId,
  flag,
  idSchema,
  isPlainObject,
  listField,
  listOfKnown,
  listOfValid,
  nullableField,
  numberField,
  objectAsList,
  readAfter,
  stringField,
  withDefault,
  withFallback,
} from './schema-helpers';

export { closeReasons, type CloseReason };

export const userProfileSchema = z.object({
  /** An unknown pack counts as FREE. */
  pack: withFallback(enumField(packs), 'FREE'),
});

/** A profile written as its pack's name (`"PLUS"`) is that pack. */
function packNameAsProfile(value: unknown): unknown {
  return typeof value === 'string' ? { pack: value } : value;
}

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

/**
 * Languages written as bare codes (`["es", "en"]`) as entries: the first is the original, as the original is the
 * first when none is flagged (survey-rules.ts `originalLanguage`), unless another entry is flagged so.
 */
function bareCodesAsLanguages(survey: unknown): unknown {
  if (!isPlainObject(survey)) return survey;
  const languages = objectAsList(survey.languages);
  if (!Array.isArray(languages) || !languages.some((entry) => typeof entry === 'string')) return survey;
  const flagged = languages.some((entry) => isPlainObject(entry) && bitAsBoolean(entry.is_original) === true);
  return {
    ...survey,
    languages: languages.map((entry: unknown, index) =>
      typeof entry === 'string' ? { code: entry, is_original: index === 0 && !flagged } : entry,
    ),
  };
}

/** What a survey as written needs of its whole before its fields are read. */
function readSurveyWhole(survey: unknown): unknown {
  return placeRules(bareCodesAsLanguages(survey));
}

const surveyFields = {
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
  user_profile: withFallback(readAfter(packNameAsProfile, userProfileSchema), { pack: 'FREE' }),
  response_email: nullableField(responseEmailSchema),
  contact: withFallback(contactSchema, { email: null, custom_fields: [] }),
  is_open: flag(true),
  close_reason: withFallback(z.nullable(enumField(closeReasons)), null),
  config: withDefault(configSchema, configSchema.parse({})),
  share_config: withDefault(shareConfigSchema, shareConfigSchema.parse({})),
  /** Theme name. */
  theme: withFallback(z.string(), 'default'),
  theme_obj: withDefault(themeSchema, themeSchema.parse({})),
  /** A language this app cannot read (no code) is left out; bare codes are entries (`bareCodesAsLanguages`). */
  languages: listOfValid(surveyLanguageSchema),
  /**
   * A rule naming an action, source or operator this app does not know is left out (logged once); one without an id
   * or a page is made whole first (`placeRules`).
   */
  logic_list: listOfKnown(ruleSchema, isKnownRule),
  /**
   * The first page of each id, and the first widget of each id across them (logged): the logic finds a page and
   * an answer by its id, so a second one would never be asked, or would share the first one's answer.
   */
  pages: z.pipe(firstOfEachId(listField(pageSchema)), z.transform(firstWidgetOfEachId)),
  /** Set when the link itself carries a response (email share). */
  response_code: nullableField(stringField(z.string())),
  response_is_completed: flag(false),
};

/** The answer of `GET /v1/read-survey/{survey_code}/`. */
export const surveySchema = readAfter(readSurveyWhole, z.object(surveyFields));

/** A parsed survey: defaults applied. */
export type Survey = z.output<typeof surveySchema>;
/** A survey as it may be written (demo surveys, tests, imports): optional fields may be left out. */
export type SurveyInput = z.input<typeof surveySchema>;

/** A survey file for `survey:import`: a Survey plus its URL code and, when protected, its plaintext password. */
export const surveyFileSchema = readAfter(
  readSurveyWhole,
  z.object({
    ...surveyFields,
    survey_code: z.string().min(1),
    /** Plain text; hashed on import, never served. */
    password: z.string().optional(),
  }),
);
/** @internal The survey file as written by hand (defaults omitted), for test scaffolding. */
export type SurveyFileInput = z.input<typeof surveyFileSchema>;
