import { describe, expect, it } from 'vitest';
import { themeSchema } from './theme';

describe('themeSchema', () => {
  it('gives a full theme for an empty object', () => {
    const theme = themeSchema.parse({});
    expect(theme.colors.primary).toBe('#1876FA');
    expect(theme).toMatchObject({
      round: true,
      shadow: true,
      flat: false,
      transparent_area: false,
      custom_css: '',
      desktop_alignment: 'center',
      mobile_alignment: 'center',
      question_style: 'standard',
      matrix_split: false,
      font_family: null,
      background_image: null,
      bold: { title: true, questions: true, answers: false, text_inside_buttons: false },
      device_types: ['desktop', 'mobile', 'tablet'],
      star_size: { desktop: 40, mobile: 32 },
      opacity: { background: false, survey_area: false },
    });
  });

  it('keeps valid values', () => {
    const theme = themeSchema.parse({
      colors: { primary: '#AA0078', background: 'rgba(0, 0, 0, 0.5)', title_color: 'white' },
      desktop_alignment: 'left',
      mobile_alignment: 'hidden',
      question_style: 'highlight',
      font_family: "'Open Sans', sans-serif",
    });
    expect(theme.colors.primary).toBe('#AA0078');
    expect(theme.colors.background).toBe('rgba(0, 0, 0, 0.5)');
    expect(theme.colors.title_color).toBe('white');
    expect(theme.desktop_alignment).toBe('left');
    expect(theme.mobile_alignment).toBe('hidden');
    expect(theme.question_style).toBe('highlight');
    expect(theme.font_family).toBe("'Open Sans', sans-serif");
  });

  it('falls back on unusable cosmetic values instead of failing', () => {
    const theme = themeSchema.parse({
      colors: { primary: 'red; } body { display: none', notification: 42 },
      desktop_alignment: 'diagonal',
      question_style: 'fancy',
      font_family: 'x; } *{color:red',
      round: 'yes',
      star_size: { desktop: -1 },
    });
    expect(theme.colors.primary).toBe('#1876FA');
    expect(theme.colors.notification).toBe('#1876FA');
    expect(theme.desktop_alignment).toBe('center');
    expect(theme.question_style).toBe('standard');
    expect(theme.font_family).toBeNull();
    expect(theme.round).toBe(true);
    expect(theme.star_size.desktop).toBe(40);
  });
});

describe('theme colours and fonts', () => {
  it('takes a word only when it names a colour, and a font list only with its quotes closed', () => {
    const theme = themeSchema.parse({
      colors: { primary: 'notacolor', background: 'Teal', survey_area: 'transparent', title_color: 'expression' },
      font_family: '"Roboto, sans-serif',
    });
    expect(theme.colors.primary).toBe('#1876FA');
    expect(theme.colors.background).toBe('Teal');
    expect(theme.colors.survey_area).toBe('transparent');
    expect(theme.colors.title_color).toBe('#222222');
    expect(theme.font_family).toBeNull();
    expect(themeSchema.parse({ font_family: '"Open Sans", Arial' }).font_family).toBe('"Open Sans", Arial');
  });
});

describe('themeSchema fallbacks', () => {
  it('does not share fallback objects between parses', () => {
    const first = themeSchema.parse({ device_types: 'watch' });
    first.device_types.pop();
    expect(themeSchema.parse({ device_types: 'watch' }).device_types).toEqual(['desktop', 'mobile', 'tablet']);
  });
});
