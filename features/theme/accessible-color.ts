/**
 * WCAG 2.1 contrast for survey theme colours. Owners pick their colours freely; text drawn on or in the primary
 * colour must still reach AA (4.5:1 for normal text), so a primary too light for it is darkened just enough.
 */

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)`; anything else (keywords, hsl…) is left as the owner wrote it. */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return [short[1]!, short[2]!, short[3]!].map((digit) => parseInt(digit + digit, 16)) as unknown as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(value);
  if (long) return [long[1]!, long[2]!, long[3]!].map((pair) => parseInt(pair, 16)) as unknown as Rgb;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,?\s*(\d{1,3})\s*,?\s*(\d{1,3})\s*\)$/.exec(value);
  if (rgb) {
    const channels = [rgb[1]!, rgb[2]!, rgb[3]!].map(Number);
    return channels.every((channel) => channel <= 255) ? (channels as unknown as Rgb) : null;
  }
  return null;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The primary colour as drawn: the owner's, or — when light button text on it, or it as text on a light survey
 * area, would fall below AA — the same hue darkened in small steps until both reach AA. A primary that carries
 * dark text is the owner's deliberate light palette and is kept.
 */
export function accessiblePrimary(primary: string, primaryText: string, surveyArea: string): string {
  const fill = parseColor(primary);
  const text = parseColor(primaryText);
  if (!fill || !text || luminance(text) < luminance(fill)) return primary;
  const area = parseColor(surveyArea);
  const lightArea = area !== null && luminance(area) > luminance(fill);
  const enough = (candidate: Rgb) =>
    contrast(candidate, text) >= AA_CONTRAST && (!lightArea || contrast(candidate, area) >= AA_CONTRAST);
  if (enough(fill)) return primary;
  for (let step = 1; step <= 40; step += 1) {
    // Rounded as it will be written, so the check holds for the colour actually drawn.
    const darker = fill.map((channel) => Math.round(channel * (1 - step * 0.02))) as unknown as Rgb;
    if (enough(darker)) return toHex(darker);
  }
  return primary;
}
