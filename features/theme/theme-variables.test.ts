import { describe, expect, it } from 'vitest';
import { themeSchema } from '@/lib/survey-format/theme';
import { themeVariables, webFontFamily } from './theme-variables';

describe('themeVariables', () => {
  it('maps the theme to custom properties', () => {
    const theme = themeSchema.parse({ colors: { primary: '#b00000' }, round: false, bold: { title: false } });
    const vars = themeVariables(theme);
    expect(vars['--color-primary']).toBe('#b00000');
    expect(vars['--survey-radius']).toBe('0px');
    expect(vars['--survey-title-weight']).toBe('400');
  });
  it('draws a primary too light for its white text a little darker (WCAG AA)', () => {
    expect(themeVariables(themeSchema.parse({ colors: { primary: '#ff0000' } }))['--color-primary']).toBe('#EB0000');
    expect(themeVariables(themeSchema.parse({}))['--color-primary']).not.toBe('#1876FA');
  });
  it('draws a transparent area at 0.2 opacity', () => {
    const vars = themeVariables(themeSchema.parse({ transparent_area: true, colors: { survey_area: '#ffffff' } }));
    expect(vars['--survey-area']).toBe('color-mix(in srgb, #ffffff 20%, transparent)');
    expect(themeVariables(themeSchema.parse({}))['--survey-area']).toBe('#ffffff');
  });
});

describe('webFontFamily', () => {
  it('takes the first family name only when it is a plain name', () => {
    expect(webFontFamily(themeSchema.parse({ font_family: "'Open Sans', sans-serif" }))).toBe('Open Sans');
    expect(webFontFamily(themeSchema.parse({}))).toBeUndefined();
  });
});
