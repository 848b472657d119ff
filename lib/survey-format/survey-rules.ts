// Pack rules and survey helpers, without zod: the browser applies them on every survey page.
import type { ShareConfig } from './share-config';
import type { Survey } from './survey';

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

/** `true` when the survey's owner has `pack` or a higher one. */
export function hasPack(survey: Pick<Survey, 'user_profile'>, pack: Exclude<Pack, 'FREE'>): boolean {
  return packRank(survey.user_profile.pack) >= packRank(pack);
}

/**
 * The share config the app must obey (spec §1): without PLUS, end and close types are forced to URL with the
 * default URLs.
 */
export function effectiveShareConfig(survey: Pick<Survey, 'user_profile' | 'share_config'>): ShareConfig {
  const share = survey.share_config;
  if (hasPack(survey, 'PLUS')) return share;
  return { ...share, end_type: 'URL', end_url: DEFAULT_END_URL, close_type: 'URL', close_url: DEFAULT_CLOSE_URL };
}

/** `true` when the powered-by mark is shown: always, except for white label (PREMIUM) when the config hides it. */
export function showsPoweredBy(survey: Pick<Survey, 'user_profile' | 'config'>): boolean {
  return !hasPack(survey, 'PREMIUM') || survey.config.has_powered_by;
}

/** `true` when the survey has a usable time limit (needs PRO, spec §1 and §4). */
export function hasTimer(survey: Pick<Survey, 'user_profile' | 'config'>): boolean {
  const amount = survey.config.timeout_amount;
  return hasPack(survey, 'PRO') && amount !== null && amount > 0;
}

/** The original language's code: the one flagged `is_original`, else the first, else `es` (spec default). */
export function originalLanguage(survey: Pick<Survey, 'languages'>): string {
  return survey.languages.find((language) => language.is_original)?.code ?? survey.languages[0]?.code ?? 'es';
}
