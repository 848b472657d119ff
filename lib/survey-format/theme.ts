import { z } from 'zod';
import { NAMED_COLORS } from '@/lib/color/named-colors';
import {
  booleanField,
  enumField,
  numberField,
  validEntriesOf,
  readAfter,
  withDefault,
  withFallback,
} from './schema-helpers';

/**
 * A CSS colour the theme may inject into a custom property: hex, rgb[a]()/hsl[a]() with plain numeric
 * arguments, a named colour, `transparent` or `currentcolor`. Anything else (a word that is no colour, or text that
 * tries to close the declaration) is replaced by the default colour rather than failing the survey: an invalid
 * colour would leave the property unset where it is used (a button without its fill under white text).
 */
export const CSS_COLOR_PATTERN =
  /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/deg]+\)|[a-zA-Z]{3,30})$/;

const isColorWord = (value: string) => {
  const word = value.toLowerCase();
  return NAMED_COLORS.has(word) || word === 'transparent' || word === 'currentcolor';
};

export const cssColorSchema = z
  .string()
  .regex(CSS_COLOR_PATTERN)
  .refine((value) => !/^[a-zA-Z]+$/.test(value) || isColorWord(value), 'a named CSS colour');

/**
 * Font family list: letters, digits, spaces, commas, hyphens and quotes, each quote closed (`"Roboto` would make the
 * whole property invalid, and the system fonts behind it lost).
 */
export const FONT_FAMILY_PATTERN = /^(?:[\w\s,-]|"[\w\s-]*"|'[\w\s-]*'){1,200}$/;

export const themeColorDefaults = {
  background: '#ffffff',
  notification: '#1876FA',
  primary: '#1876FA',
  primary_text: '#ffffff',
  question_color: '#222222',
  answer_color: '#444444',
  survey_area: '#ffffff',
  title_color: '#222222',
} as const;

const color = (fallback: string) => withFallback(cssColorSchema, fallback);

export const themeColorsSchema = z.object({
  background: color(themeColorDefaults.background),
  notification: color(themeColorDefaults.notification),
  primary: color(themeColorDefaults.primary),
  primary_text: color(themeColorDefaults.primary_text),
  question_color: color(themeColorDefaults.question_color),
  answer_color: color(themeColorDefaults.answer_color),
  survey_area: color(themeColorDefaults.survey_area),
  title_color: color(themeColorDefaults.title_color),
});

export const desktopAlignments = ['center', 'right', 'left'] as const;
export const mobileAlignments = ['top', 'bottom', 'center', 'hidden'] as const;
export const questionStyles = ['standard', 'simple', 'highlight', 'modern'] as const;
export type QuestionStyle = (typeof questionStyles)[number];
export const deviceTypes = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceType = (typeof deviceTypes)[number];

const boolFallback = (value: boolean) => withFallback(booleanField(z.boolean()), value);

export const themeOpacitySchema = z.object({
  background: boolFallback(false),
  survey_area: boolFallback(false),
});

export const themeBoldSchema = z.object({
  title: boolFallback(true),
  questions: boolFallback(true),
  answers: boolFallback(false),
  text_inside_buttons: boolFallback(false),
});

export const starSizeSchema = z.object({
  desktop: withFallback(numberField(z.number().positive().max(200)), 40),
  mobile: withFallback(numberField(z.number().positive().max(200)), 32),
});

/**
 * A survey theme (spec §3). Cosmetic: every field is optional and an unusable value falls back to its default.
 * `custom_css` is owner CSS; the theme feature scopes it and keeps it from closing its `<style>` element.
 */
export const themeSchema = z.object({
  colors: withDefault(themeColorsSchema, themeColorsSchema.parse({})),
  opacity: withDefault(themeOpacitySchema, themeOpacitySchema.parse({})),
  transparent_area: boolFallback(false),
  background_image: withFallback(z.string().nullable(), null),
  round: boolFallback(true),
  shadow: boolFallback(true),
  flat: boolFallback(false),
  custom_css: withFallback(z.string(), ''),
  desktop_alignment: withFallback(enumField(desktopAlignments), 'center'),
  mobile_alignment: withFallback(enumField(mobileAlignments), 'center'),
  question_style: withFallback(enumField(questionStyles), 'standard'),
  matrix_split: boolFallback(false),
  font_family: withFallback(z.string().regex(FONT_FAMILY_PATTERN).nullable(), null),
  bold: withDefault(themeBoldSchema, themeBoldSchema.parse({})),
  /** A kind of device this app does not know is left out; none known left is every device (the screen reads so). */
  device_types: withFallback(readAfter(validEntriesOf(enumField(deviceTypes)), z.array(enumField(deviceTypes))), [
    ...deviceTypes,
  ]),
  star_size: withDefault(starSizeSchema, starSizeSchema.parse({})),
});
export type Theme = z.infer<typeof themeSchema>;
