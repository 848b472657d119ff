/**
 * WCAG 2.1 colour arithmetic: relative luminance and contrast ratio, for the theme's colour choices and the tests
 * that measure what the stylesheets draw. Pure, so every layer can share one copy.
 */

import { NAMED_COLORS } from './named-colors';

export type Rgb = readonly [number, number, number];

const channel = (value: string) => {
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 255 ? Math.round(number) : null;
};

/** `hsl(h, s%, l%)` as sRGB channels (CSS Color 4's conversion). */
function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const at = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [at(0), at(8), at(4)];
}

/**
 * The colour a theme names, as the browser draws it on an opaque ground: `#rgb`, `#rrggbb`, `rgb()`, `hsl()`, a named
 * colour, and their forms with an alpha that is fully opaque (`#rgbf`, `#rrggbbff`, `rgba(…, 1)`). A colour seen
 * through (alpha below 1) depends on what is under it, and anything else is null: left for the caller to keep as
 * written.
 */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  const named = NAMED_COLORS.get(value);
  if (named) return named;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])(f?)$/.exec(value);
  if (short) return [short[1]!, short[2]!, short[3]!].map((digit) => parseInt(digit + digit, 16)) as unknown as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})((?:ff)?)$/.exec(value);
  if (long) return [long[1]!, long[2]!, long[3]!].map((pair) => parseInt(pair, 16)) as unknown as Rgb;
  const opaque = (alpha: string | undefined) =>
    alpha === undefined || Number(alpha.replace(/%$/, '')) === (alpha.endsWith('%') ? 100 : 1);
  const rgb = /^rgba?\(\s*([\d.]+)\s*[,\s]\s*([\d.]+)\s*[,\s]\s*([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(value);
  if (rgb) {
    const channels = [rgb[1]!, rgb[2]!, rgb[3]!].map(channel);
    return opaque(rgb[4]) && channels.every((c) => c !== null) ? (channels as unknown as Rgb) : null;
  }
  const hsl = /^hsla?\(\s*([\d.]+)(?:deg)?\s*[,\s]\s*([\d.]+)%\s*[,\s]\s*([\d.]+)%\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(
    value,
  );
  if (hsl) {
    const [hue, saturation, lightness] = [Number(hsl[1]), Number(hsl[2]), Number(hsl[3])];
    if (!opaque(hsl[4]) || saturation > 100 || lightness > 100) return null;
    return hslToRgb(hue % 360, saturation, lightness);
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
