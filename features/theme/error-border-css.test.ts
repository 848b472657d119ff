import { describe, expect, it } from 'vitest';
import { contrast, mix, parseColor, type Rgb } from '@/lib/color/contrast';
import { themeSchema, type Theme } from '@/lib/survey-format/theme';
import { cssDeclarations } from '@/test/css-declarations';
import { CARD_TINTS } from './accessible-color';
import { themeVariables } from './theme-variables';

/**
 * The red edge of an invalid field, card or drop zone, as the stylesheets draw it with the theme's variables: WCAG
 * 1.4.11 asks 3:1 of it against the survey area and the question cards it sits on, whatever colours the owner chose.
 * The stylesheets belong to other features; they are read as files, never imported.
 */

/** The declared value of `property` in the rules for `selector` in `file` (from the project root), in any @media. */
function declared(file: string, selector: string, property: string): string {
  const value = cssDeclarations(new URL(`../../${file}`, import.meta.url), selector, 'any')[property];
  if (value === undefined) throw new Error(`no ${property} for ${selector} in ${file}`);
  return value;
}

/** The app's own values of the custom properties (globals.css `:root`), under every survey theme's. */
const ROOT = Object.fromEntries(
  Object.entries(cssDeclarations(new URL('../../app/globals.css', import.meta.url), ':root'))
    .filter(([property]) => property.startsWith('--'))
    .map(([property, value]) => [property, value.trim()]),
);

/**
 * The colour a declaration draws its edge in, and its opacity: `var(--name, fallback)` alone, or inside
 * `color-mix(in srgb, … N%, transparent)`. The theme's value wins, then the app's, then the fallback.
 */
function edgeColor(value: string, variables: Record<string, string>): { color: Rgb; share: number } {
  const found = /var\((--[\w-]+)(?:,\s*([^)]+))?\)(?:\s*(\d+)%)?/.exec(value);
  if (!found) throw new Error(`no colour variable in: ${value}`);
  const [, name = '', fallback, percent] = found;
  const mixed = /^color-mix\(in srgb,/.test(value);
  const written = variables[name] ?? ROOT[name] ?? fallback ?? '';
  const color = parseColor(written);
  if (!color) throw new Error(`${name} is not a colour this test reads: ${written}`);
  return { color, share: mixed && percent ? Number(percent) / 100 : 1 };
}

/** Every declaration that draws an invalid answer's edge in the error red. */
const ERROR_EDGES = [
  ['features/survey-flow/components/survey.module.css', '.questionInvalid', 'border-color'],
  ['features/password-gate/password-gate.module.css', ".field[aria-invalid='true']", 'border-color'],
  ['features/widgets/text/text.module.css', ".field[aria-invalid='true']", 'border-color'],
  ['features/widgets/text/text.module.css', ".field[aria-invalid='true']", 'box-shadow'],
  ['features/widgets/datetime/datetime.module.css', ".field[aria-invalid='true']", 'border-color'],
  ['features/widgets/datetime/datetime.module.css', ".field[aria-invalid='true']", 'box-shadow'],
  ['features/widgets/signature/signature.module.css', '.pad[data-invalid]', 'border-color'],
  ['features/widgets/file-upload/file-upload.module.css', '.dropZone[data-invalid]', 'border-color'],
  ['features/widgets/file-upload/file-upload.module.css', ".file[data-status='failed']", 'border-color'],
  ['features/widgets/ranking/ranking.module.css', '.ranking[data-invalid] .item', 'border-color'],
] as const;

const THEMES: [string, Theme][] = [
  ['default', themeSchema.parse({})],
  ['owner red on white', themeSchema.parse({ colors: { primary: '#d32f2f' } })],
  ['warm paper', themeSchema.parse({ colors: { primary: '#e65100', survey_area: '#fff4e5', background: '#fde7c8' } })],
  [
    'dark',
    themeSchema.parse({
      colors: {
        primary: '#89b4fa',
        primary_text: '#11111b',
        survey_area: '#1e1e2e',
        background: '#11111b',
        question_color: '#cdd6f4',
        answer_color: '#cdd6f4',
        title_color: '#cdd6f4',
      },
    }),
  ],
  [
    'white area at 20 % over a dark page',
    themeSchema.parse({ transparent_area: true, colors: { survey_area: '#ffffff', background: '#1b2631' } }),
  ],
];

/** The lowest contrast of each error edge on the theme's area and its tinted question cards, rounded to 0.01. */
function lowestRatios(theme: Theme): Record<string, number> {
  const variables = themeVariables(theme);
  // The area as drawn (over the page when transparent), and the cards tinted with the primary as drawn.
  const area = parseColor(variables['--survey-field'] ?? '');
  const primary = parseColor(variables['--color-primary'] ?? '');
  if (!area || !primary) throw new Error('the test themes use colours this test reads');
  const surfaces = [area, ...CARD_TINTS.map((share) => mix(area, primary, share))];
  return Object.fromEntries(
    ERROR_EDGES.map(([file, selector, property]) => {
      const { color, share } = edgeColor(declared(file, selector, property), variables);
      const lowest = Math.min(...surfaces.map((surface) => contrast(mix(surface, color, share), surface)));
      return [`${file} ${selector} ${property}`, Math.floor(lowest * 100) / 100];
    }),
  );
}

describe('error edges', () => {
  it.each(THEMES)('reach 3:1 on the area and the question cards: %s theme', (_name, theme) => {
    const ratios = lowestRatios(theme);
    const below = Object.fromEntries(Object.entries(ratios).filter(([, ratio]) => ratio < 3));
    expect(below).toEqual({});
  });

  it.each(THEMES)(
    'answer later: its white dialog keeps the app’s grey and red for white, whatever the theme: %s theme',
    (_name, theme) => {
      const dialogFile = 'features/answer-later/answer-later.module.css';
      // The dialog's own values win over the theme's, which it sits under.
      const variables = {
        ...themeVariables(theme),
        '--color-text-muted': declared(dialogFile, '.dialog', '--color-text-muted').trim(),
        '--color-error-text': declared(dialogFile, '.dialog', '--color-error-text').trim(),
      };
      const white: Rgb = [255, 255, 255];
      const edge = edgeColor(declared(dialogFile, ".field[aria-invalid='true']", 'border-color'), variables);
      expect(contrast(edge.color, white)).toBeGreaterThanOrEqual(3);
      for (const [selector, property] of [
        ['.error', 'color'],
        ['.description', 'color'],
      ] as const) {
        const text = edgeColor(declared(dialogFile, selector, property), variables);
        expect(contrast(text.color, white)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
