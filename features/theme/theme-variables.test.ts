import { describe, expect, it } from 'vitest';
import { contrast, parseColor } from '@/lib/color/contrast';
import { themeSchema } from '@/lib/survey-format/theme';
import { AA_CONTRAST } from './accessible-color';
import { themeVariables, webFontFamily } from './theme-variables';

describe('themeVariables', () => {
  it('maps the theme to custom properties', () => {
    const theme = themeSchema.parse({ colors: { primary: '#b00000' }, round: false, bold: { title: false } });
    const vars = themeVariables(theme);
    expect(vars['--color-primary']).toBe('#b00000');
    expect(vars['--survey-radius']).toBe('0px');
    expect(vars['--survey-button-radius']).toBe('0px');
    expect(themeVariables(themeSchema.parse({}))['--survey-button-radius']).toBe('999px');
    expect(vars['--survey-title-weight']).toBe('400');
  });
  it('draws a primary too light for its white text a little darker (WCAG AA)', () => {
    const red = parseColor(themeVariables(themeSchema.parse({ colors: { primary: '#ff0000' } }))['--color-primary']!)!;
    expect(contrast(red, [255, 255, 255])).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrast(red, [255, 255, 255])).toBeLessThan(5.5);
    expect(themeVariables(themeSchema.parse({}))['--color-primary']).not.toBe('#1876FA');
  });
  it("keeps question numbers readable on the default theme's tinted question card (was 4.27:1)", () => {
    const vars = themeVariables(themeSchema.parse({}));
    const primary = parseColor(vars['--color-primary']!)!;
    // .styleHighlight: the white area with 6 % of the primary.
    const card = primary.map((channel) => 255 * 0.94 + channel * 0.06) as unknown as [number, number, number];
    expect(contrast(primary, card)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
  it('draws the primary lighter as text and lines on a dark area, and keeps it as the fill of its white text', () => {
    const vars = themeVariables(
      themeSchema.parse({ colors: { primary: '#AA0078', primary_text: '#ffffff', survey_area: '#333333' } }),
    );
    const area = parseColor('#333333')!;
    // Was 1.79:1: question numbers, links and outlined buttons in #AA0078 on #333333.
    expect(contrast(parseColor(vars['--color-primary-ink']!)!, area)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrast(parseColor(vars['--color-primary']!)!, [255, 255, 255])).toBeGreaterThanOrEqual(AA_CONTRAST);
    // On a light area the two are one colour.
    const light = themeVariables(themeSchema.parse({ colors: { primary: '#b00000' } }));
    expect(light['--color-primary-ink']).toBe(light['--color-primary']);
  });
  it('makes light grey question, answer and title colours on white readable, and keeps readable ones', () => {
    const vars = themeVariables(
      themeSchema.parse({ colors: { question_color: '#aaaaaa', answer_color: '#bbbbbb', title_color: '#222222' } }),
    );
    for (const name of ['--survey-question-color', '--survey-answer-color'] as const) {
      expect(contrast(parseColor(vars[name]!)!, [255, 255, 255])).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    expect(vars['--survey-title-color']).toBe('#222222');
  });
  it('draws a transparent area at 0.2 opacity', () => {
    const vars = themeVariables(themeSchema.parse({ transparent_area: true, colors: { survey_area: '#ffffff' } }));
    expect(vars['--survey-area']).toBe('color-mix(in srgb, #ffffff 20%, transparent)');
    expect(themeVariables(themeSchema.parse({}))['--survey-area']).toBe('#ffffff');
  });
  it('puts no second layer of a transparent area under cards and fields, whose text is chosen for one', () => {
    const clear = themeVariables(
      themeSchema.parse({ transparent_area: true, colors: { background: '#1b2631', survey_area: '#ffffff' } }),
    );
    expect(clear['--survey-surface']).toBe('transparent');
    expect(clear['--survey-field']).toBe('#49515A');
    const solid = themeVariables(themeSchema.parse({ colors: { survey_area: '#fafafa' } }));
    expect(solid['--survey-surface']).toBe('#fafafa');
    expect(solid['--survey-field']).toBe('#fafafa');
  });
});

describe('webFontFamily', () => {
  it('takes the first family name only when it is a plain name', () => {
    expect(webFontFamily(themeSchema.parse({ font_family: "'Open Sans', sans-serif" }))).toBe('Open Sans');
    expect(webFontFamily(themeSchema.parse({}))).toBeUndefined();
  });
  it('asks for no family the system has, nor a generic one', () => {
    for (const family of ['serif', 'Arial, sans-serif', '"Times New Roman"', 'inherit', 'sans-serif'])
      expect(webFontFamily(themeSchema.parse({ font_family: family }))).toBeUndefined();
  });
});
