import { contrast, luminance, mix, parseColor, type Rgb } from '@/lib/color/contrast';

/**
 * WCAG 2.1 contrast for survey theme colours. Owners pick their colours freely; text drawn on or in the primary
 * colour must still reach AA (4.5:1 for normal text), so a primary too light for it is darkened just enough.
 */

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/**
 * The share of the primary colour in the tinted question cards (survey.module.css: `.styleStandard` 4 %,
 * `.styleHighlight` 6 %). Text in the primary colour, such as question numbers, sits on them.
 */
export const CARD_TINTS = [0.04, 0.06] as const;

/** The survey area and each question card tinted with `primary`: every surface survey text is drawn on. */
function surfaces(area: Rgb, primary: Rgb): Rgb[] {
  return [area, ...CARD_TINTS.map((share) => mix(area, primary, share))];
}

/** A colour `step` fiftieths of the way to black (on light surfaces) or to white (on dark ones). */
function shifted(color: Rgb, step: number, towardsLight: boolean): Rgb {
  const share = Math.min(1, step * 0.02);
  return color.map((channel) =>
    Math.round(towardsLight ? channel + (255 - channel) * share : channel * (1 - share)),
  ) as unknown as Rgb;
}

/**
 * The primary colour as drawn: the owner's, or — when light button text on it, or it as text on the survey area
 * or on a question card tinted with it, would fall below AA — the same hue darkened in small steps until all
 * reach AA. A primary that carries dark text is the owner's deliberate light palette and is kept.
 */
export function accessiblePrimary(primary: string, primaryText: string, surveyArea: string): string {
  const fill = parseColor(primary);
  const text = parseColor(primaryText);
  if (!fill || !text || luminance(text) < luminance(fill)) return primary;
  const area = parseColor(surveyArea);
  const lightArea = area !== null && luminance(area) > luminance(fill);
  const enough = (candidate: Rgb) =>
    contrast(candidate, text) >= AA_CONTRAST &&
    (!lightArea || surfaces(area, candidate).every((surface) => contrast(candidate, surface) >= AA_CONTRAST));
  if (enough(fill)) return primary;
  for (let step = 1; step <= 50; step += 1) {
    // Rounded as it will be written, so the check holds for the colour actually drawn.
    const darker = shifted(fill, step, false);
    if (enough(darker)) return toHex(darker);
  }
  return primary;
}

/**
 * A text colour as drawn on the survey area and the question cards tinted with `primary` (the one drawn): the
 * owner's when it reaches AA on all of them, else the same hue moved towards black on a light area (towards white
 * on a dark one) until it does. Colours this module cannot read, and the rare mid-tone surfaces on which neither
 * black nor white reaches AA, are left as written.
 */
export function readableText(color: string, surveyArea: string, primary: string): string {
  const ink = parseColor(color);
  const area = parseColor(surveyArea);
  const tint = parseColor(primary);
  if (!ink || !area || !tint) return color;
  const onAll = surfaces(area, tint);
  const enough = (candidate: Rgb) => onAll.every((surface) => contrast(candidate, surface) >= AA_CONTRAST);
  if (enough(ink)) return color;
  // Towards the end that contrasts more with the area first; on a mid-tone area the other end may be the one.
  const preferLight = luminance(area) < 0.18;
  for (const towardsLight of [preferLight, !preferLight]) {
    for (let step = 1; step <= 50; step += 1) {
      const candidate = shifted(ink, step, towardsLight);
      if (enough(candidate)) return toHex(candidate);
    }
  }
  return color;
}

/**
 * What a survey area drawn at `opacity` over the page background looks like, for the contrast checks; the area
 * itself when either colour is unreadable here (or a background image decides, which no check can know).
 */
export function drawnArea(surveyArea: string, background: string, opacity: number): string {
  const area = parseColor(surveyArea);
  const under = parseColor(background);
  if (opacity >= 1 || !area || !under) return surveyArea;
  return toHex(mix(under, area, opacity).map(Math.round) as unknown as Rgb);
}

/** `share` of the way from `from` to `to`, for two colours this module reads; `from` as written otherwise. */
export function blend(from: string, to: string, share: number): string {
  const a = parseColor(from);
  const b = parseColor(to);
  return a && b ? toHex(mix(a, b, share).map(Math.round) as unknown as Rgb) : from;
}
