import { describe, expect, it } from 'vitest';
import { contrast, mix, parseColor, type Rgb } from '@/lib/color/contrast';
import { themeColorDefaults } from '@/lib/survey-format/theme';
import { cssDeclarations } from '@/test/css-declarations';

/**
 * The contrast of what the widget stylesheets draw, in the default theme: what no jsdom render can show (it applies
 * no stylesheet). WCAG 1.4.11 asks 3:1 of a control's outline, 1.4.3 4.5:1 of text.
 */

/** The value of `property` in the rules for `selector` in `file` (under features/widgets), in any @media. */
const declared = (file: string, selector: string, property: string): string | undefined =>
  cssDeclarations(new URL(`./${file}`, import.meta.url), selector, 'any')[property];

/** A six-digit hex colour of the theme's defaults or a stylesheet's fallback. */
function rgb(hex: string): Rgb {
  const color = parseColor(hex);
  if (!color) throw new Error(`not a colour: ${hex}`);
  return color;
}

const area = rgb(themeColorDefaults.survey_area);
// The default answer colour is AA on the area and the cards, so the theme draws it as it is (readableText).
const answer = rgb(themeColorDefaults.answer_color);
// The area and the question cards, tinted 4 % and 6 % with the primary (survey.module.css; CARD_TINTS).
const surfaces = [area, ...[0.04, 0.06].map((share) => mix(area, rgb(themeColorDefaults.primary), share))];

/**
 * The lowest contrast of a line in the answer colour at `share` opacity: drawn over each surface against that
 * surface, and drawn over a control's own background (the area) against each surface around the control.
 */
function lowestOutlineContrast(share: number): number {
  const onArea = mix(area, answer, share);
  return Math.min(
    ...surfaces.flatMap((surface) => [contrast(mix(surface, answer, share), surface), contrast(onArea, surface)]),
  );
}

/** The share of the answer colour in a `color-mix(in srgb, var(--survey-answer-color…) N%, transparent)` value. */
function answerShare(value: string | undefined): number {
  const match = /color-mix\(in srgb,\s*var\(--survey-answer-color[^)]*\)\s*(\d+)%,\s*transparent\)/.exec(value ?? '');
  if (!match) throw new Error(`no answer-colour mix in: ${value}`);
  return Number(match[1]) / 100;
}

describe('widget stylesheets, default theme', () => {
  it.each([
    ['choice/choice.module.css', '.control', 'border'],
    ['choice/choice.module.css', '.otherInput', 'border'],
    ['matrix/matrix.module.css', '.control', 'border'],
    ['matrix/matrix.module.css', '.select', 'border'],
    ['scale/stars.module.css', '.icon', 'stroke'],
    ['scale/stars.module.css', '.stars:hover .star:hover ~ .star .icon', 'stroke'],
    ['scale/semantic.module.css', '.control', 'border'],
    ['text/text.module.css', '.field', 'border'],
    ['datetime/datetime.module.css', '.field', 'border'],
    ['signature/signature.module.css', '.pad', 'border'],
  ])('%s %s: the outline reaches 3:1 on the area and the cards', (file, selector, property) => {
    expect(lowestOutlineContrast(answerShare(declared(file, selector, property)))).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['text/text.module.css', '.field::placeholder'],
    ['choice/choice.module.css', '.otherInput::placeholder'],
  ])('%s %s: a placeholder is text, 4.5:1 in its field', (file, selector) => {
    const share = answerShare(declared(file, selector, 'color'));
    expect(contrast(mix(area, answer, share), area)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['file-upload/file-upload.module.css', '.rejections ul'],
    ['file-upload/file-upload.module.css', ".file[data-status='failed'] .fileStatus"],
    ['text/text.module.css', ".total[data-state='over']"],
    ['signature/signature.module.css', '.alert'],
  ])('%s %s: error text in the error text colour, which the theme keeps AA', (file, selector) => {
    const color = declared(file, selector, 'color');
    const fallback = /^var\(--color-error-text,\s*(#[0-9a-f]{6})\)$/.exec(color ?? '')?.[1];
    expect(fallback, color).toBeDefined();
    // The fallback, before the theme's variables apply, is AA too.
    for (const surface of surfaces) expect(contrast(rgb(fallback ?? ''), surface)).toBeGreaterThanOrEqual(4.5);
  });
});
