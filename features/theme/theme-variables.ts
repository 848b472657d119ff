import { WEB_FONT_STYLESHEET_ORIGIN } from '@/lib/security/security-headers';
import type { Theme } from '@/lib/survey-format/theme';
import { accessiblePrimary, blend, drawnArea, readableText } from './accessible-color';

/**
 * Error text, the required mark and invalid answers' edges: the app's red (globals.css `--color-error-text`), moved
 * as the area needs. AA for text is more than the 3:1 an edge needs (WCAG 1.4.11), so one red serves both.
 */
const ERROR_TEXT = '#c0321a';

/** Spec §9: a transparent survey area is drawn at 20 % opacity, else opaque. */
export const TRANSPARENT_AREA_OPACITY = 0.2;

/** A colour at an opacity, in CSS that works for hex, rgb() and keywords alike. */
function withOpacity(color: string, opacity: number): string {
  return opacity >= 1 ? color : `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
}

/**
 * The survey theme as CSS custom properties on the survey's root element. Theme colours were validated by the
 * contract (only colour syntax gets here), so nothing can break out of the declaration.
 */
export function themeVariables(theme: Theme): Record<`--${string}`, string> {
  const { colors } = theme;
  const areaOpacity = theme.transparent_area || theme.opacity.survey_area ? TRANSPARENT_AREA_OPACITY : 1;
  const area = drawnArea(colors.survey_area, colors.background, areaOpacity);
  // Buttons carry text on it: AA contrast for that text, and for the primary on a light area.
  const primary = accessiblePrimary(colors.primary, colors.primary_text, area);
  return {
    '--color-primary': primary,
    // Links, numbers, outlines and marks drawn in the primary on the area: the same hue, AA on it and on the cards,
    // lightened on a dark area, where the primary that carries light button text cannot reach AA.
    '--color-primary-ink': readableText(primary, area, primary),
    '--color-primary-text': colors.primary_text,
    '--survey-background': withOpacity(colors.background, theme.opacity.background ? TRANSPARENT_AREA_OPACITY : 1),
    '--survey-area': withOpacity(colors.survey_area, areaOpacity),
    // Cards, tiles and fields inside the area. Over a transparent area they add no layer of their own: each would
    // lighten (or darken) what is under the text again, past the one area the text colours are chosen for.
    '--survey-surface': areaOpacity < 1 ? 'transparent' : colors.survey_area,
    // A native select's open list takes its background from the select: opaque, the area as it is drawn.
    '--survey-field': area,
    '--survey-notification': colors.notification,
    // Whatever the owner picked stays AA-readable on the area and on every question card.
    '--survey-question-color': readableText(colors.question_color, area, primary),
    '--survey-answer-color': readableText(colors.answer_color, area, primary),
    '--survey-title-color': readableText(colors.title_color, area, primary),
    // Secondary text (page number, progress, hints) and errors (their text and edges), in the theme's light or dark.
    '--color-text-muted': readableText(blend(colors.question_color, area, 0.35), area, primary),
    '--color-error-text': readableText(ERROR_TEXT, area, primary),
    '--survey-radius': theme.round ? '10px' : '0px',
    '--survey-button-radius': theme.round ? '999px' : '0px',
    '--survey-shadow':
      theme.shadow && !theme.flat ? '0 1px 3px rgb(16 24 40 / 10%), 0 1px 2px rgb(16 24 40 / 6%)' : 'none',
    '--survey-title-weight': theme.bold.title ? '700' : '400',
    '--survey-question-weight': theme.bold.questions ? '600' : '400',
    '--survey-answer-weight': theme.bold.answers ? '600' : '400',
    '--survey-button-weight': theme.bold.text_inside_buttons ? '700' : '500',
    '--survey-star-size': `${theme.star_size.desktop}px`,
    '--survey-star-size-mobile': `${theme.star_size.mobile}px`,
    ...(theme.font_family ? { '--font-body': `${theme.font_family}, var(--font-system)` } : {}),
  };
}

/** The class of the element the owner's stylesheet is confined to (owner-css.ts prefixes every selector with it). */
export function ownerScope(surveyId: number): string {
  return `survey-${surveyId}`;
}

/**
 * Families no font provider serves: CSS's generic families and keywords (those with a hyphen never pass the plain
 * name check), and the fonts every system has. Asking for one would only tell the provider the respondent's address.
 */
const LOCAL_FAMILIES = new Set([
  'serif',
  'monospace',
  'cursive',
  'fantasy',
  'math',
  'emoji',
  'fangsong',
  'inherit',
  'initial',
  'unset',
  'revert',
  'arial',
  'helvetica',
  'helvetica neue',
  'times',
  'times new roman',
  'courier',
  'courier new',
  'georgia',
  'verdana',
  'tahoma',
  'trebuchet ms',
  'segoe ui',
]);

/** The first family of a theme font, for a run-time web font request: none when it is a family the system has. */
export function webFontFamily(theme: Theme): string | undefined {
  const first = theme.font_family?.split(',')[0]?.replace(/['"]/g, '').trim();
  if (!first || !/^[A-Za-z0-9 ]{2,60}$/.test(first)) return undefined;
  return LOCAL_FAMILIES.has(first.toLowerCase()) ? undefined : first;
}

/** The stylesheet of `family` (a plain name, webFontFamily) in the weights the survey uses. */
export function webFontStylesheet(family: string): string {
  return `${WEB_FONT_STYLESHEET_ORIGIN}/css2?family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@400;500;600;700&display=swap`;
}
