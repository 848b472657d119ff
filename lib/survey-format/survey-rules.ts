// Pack rules and survey helpers, without zod: the browser applies them on every survey page.
import type { ShareConfig } from './share-config';
import type { Survey } from './survey';
import type { DeviceType } from './theme';

/** Packs, lowest first (spec §1). PREMIUM is white label. */
export const packs = ['FREE', 'PRO', 'PLUS', 'PREMIUM'] as const;
export type Pack = (typeof packs)[number];

/**
 * Where a survey without the PLUS pack sends the respondent at the end and when closed (spec §1: "forced to URL
 * with default URLs (external site)"). The one place these URLs live.
 */
export const DEFAULT_END_URL = 'https://www.encuesta.com';
export const DEFAULT_CLOSE_URL = 'https://www.encuesta.com';

/** Rank of a pack: FREE 0, PRO 1, PLUS 2, PREMIUM 3. */
export function packRank(pack: Pack): number {
  return packs.indexOf(pack);
}

/**
 * What each pack unlocks (spec §1), the one table the backend (what it serves) and the screen (what it shows) both
 * read, unit-tested as a pack × feature table (survey.test.ts, "packs"):
 * - `timer`, `password` and `ownUrls` ("removal of forced defaults") from PRO. Below PLUS the end and close types
 *   stay forced to URL; a FREE survey goes to the default site, a PRO one to the owner's own end and close URLs
 *   when set — its forced *default* removed.
 * - `languages` (the survey in several languages, and its selector) and `customRedirects` (any end and close type,
 *   a finish rule's own URL) from PLUS.
 * - `whiteLabel` (the powered-by mark hidden when the config says so) with PREMIUM.
 * A password set on a survey of a lower pack still protects it: a gate must never silently stop protecting (our
 * backend checks it whatever the pack); the pack decides only whether the owner may set one.
 */
export const packFeatures = {
  timer: 'PRO',
  password: 'PRO',
  ownUrls: 'PRO',
  languages: 'PLUS',
  customRedirects: 'PLUS',
  whiteLabel: 'PREMIUM',
} as const satisfies Record<string, Exclude<Pack, 'FREE'>>;
export type PackFeature = keyof typeof packFeatures;

/** `true` when the survey's owner has `pack` or a higher one. */
export function hasPack(survey: Pick<Survey, 'user_profile'>, pack: Exclude<Pack, 'FREE'>): boolean {
  return packRank(survey.user_profile.pack) >= packRank(pack);
}

/** `true` when the survey's pack unlocks `feature`. */
export function allows(survey: Pick<Survey, 'user_profile'>, feature: PackFeature): boolean {
  return hasPack(survey, packFeatures[feature]);
}

/**
 * The share config the app must obey (spec §1): without custom redirects (PLUS), end and close types are forced
 * to URL, on the default site unless the pack removes that forced default (PRO) and the owner set a URL.
 */
export function effectiveShareConfig(survey: Pick<Survey, 'user_profile' | 'share_config'>): ShareConfig {
  const share = survey.share_config;
  if (allows(survey, 'customRedirects')) return share;
  const own = allows(survey, 'ownUrls');
  return {
    ...share,
    end_type: 'URL',
    end_url: (own && share.end_url) || DEFAULT_END_URL,
    close_type: 'URL',
    close_url: (own && share.close_url) || DEFAULT_CLOSE_URL,
  };
}

/** `true` when the end or close URL in force is one the owner chose (redirect parameters may go to it). */
export function isOwnUrl(survey: Pick<Survey, 'user_profile' | 'share_config'>, url: string | null): boolean {
  return allows(survey, 'ownUrls') && url !== null && url !== DEFAULT_END_URL && url !== DEFAULT_CLOSE_URL;
}

/** `true` when the powered-by mark is shown: always, except for white label (PREMIUM) when the config hides it. */
export function showsPoweredBy(survey: Pick<Survey, 'user_profile' | 'config'>): boolean {
  return !allows(survey, 'whiteLabel') || survey.config.has_powered_by;
}

/**
 * `true` when the theme lets the survey be answered on `device` (`theme.device_types`). An empty list names no
 * device at all, which no owner means: it is read as every device.
 */
export function availableOn(survey: Pick<Survey, 'theme_obj'>, device: DeviceType): boolean {
  const devices = survey.theme_obj.device_types;
  return devices.length === 0 || devices.includes(device);
}

/** `true` when the survey has a usable time limit (needs PRO, spec §1 and §4). */
export function hasTimer(survey: Pick<Survey, 'user_profile' | 'config'>): boolean {
  const amount = survey.config.timeout_amount;
  return allows(survey, 'timer') && amount !== null && amount > 0;
}

/**
 * The language the survey's texts are shown in: the respondent's, when the survey has it and its pack serves
 * several languages (PLUS), else the original one.
 */
export function surveyLanguage(survey: Pick<Survey, 'user_profile' | 'languages'>, uiLanguage: string): string {
  const original = originalLanguage(survey);
  if (!allows(survey, 'languages')) return original;
  return survey.languages.some((language) => language.code === uiLanguage) ? uiLanguage : original;
}

/**
 * The survey as a backend serves it under the pack table: one language below PLUS, no time limit below PRO, and
 * the end and close it must obey. Applying it twice changes nothing, so a browser may apply it again.
 */
export function servedForPack(survey: Survey): Survey {
  const original = originalLanguage(survey);
  return {
    ...survey,
    languages: allows(survey, 'languages')
      ? survey.languages
      : survey.languages.filter((language) => language.code === original),
    config: allows(survey, 'timer') ? survey.config : { ...survey.config, timeout_amount: null },
    share_config: effectiveShareConfig(survey),
  };
}

/**
 * The languages the selector offers (PLUS, several languages): the survey's, without its original one when
 * `config.selector_original_language` is off, though always with the one on screen so the selector shows it.
 * Fewer than two means no selector.
 */
export function selectorLanguages(
  survey: Pick<Survey, 'user_profile' | 'languages' | 'config'>,
  lang: string,
): Survey['languages'] {
  if (!allows(survey, 'languages')) return [];
  return survey.languages.filter(
    (language) => survey.config.selector_original_language || !language.is_original || language.code === lang,
  );
}

/** The original language's code: the one flagged `is_original`, else the first, else `es` (spec default). */
export function originalLanguage(survey: Pick<Survey, 'languages'>): string {
  return survey.languages.find((language) => language.is_original)?.code ?? survey.languages[0]?.code ?? 'es';
}
