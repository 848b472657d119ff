/**
 * WCAG 2.1 colour arithmetic: relative luminance and contrast ratio, for the theme's colour choices and the tests
 * that measure what the stylesheets draw. Pure, so every layer can share one copy.
 */

export type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)`; anything else (keywords, hsl…) is null, left for the caller to keep as written. */
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

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, from 1 (the same) to 21 (black on white), whichever colour is the lighter. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `a` with `share` of `b` mixed in, channel by channel: what CSS `color-mix(in srgb, a, b share)` draws, and what `b`
 * at `share` opacity over `a` looks like (`color-mix(in srgb, b N%, transparent)` drawn on `a`).
 */
export function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return a.map((channel, index) => channel * (1 - share) + b[index]! * share) as unknown as Rgb;
}
