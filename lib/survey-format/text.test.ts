import { describe, expect, it } from 'vitest';
import { resolveText } from './text';
import { textSchema } from './text-schema';

describe('textSchema', () => {
  it('accepts a string or a language map', () => {
    expect(textSchema.parse('Hola')).toBe('Hola');
    expect(textSchema.parse({ es: 'Hola', en: 'Hello' })).toEqual({ es: 'Hola', en: 'Hello' });
  });

  it('reads a number as its string, leaves out a language it cannot read, and rejects other shapes', () => {
    expect(textSchema.parse(3)).toBe('3');
    expect(textSchema.parse({ es: 3, en: [], fr: 'Salut' })).toEqual({ es: '3', fr: 'Salut' });
    expect(textSchema.safeParse(['a']).success).toBe(false);
    expect(textSchema.safeParse(true).success).toBe(false);
  });

  it('reads a language code in another case as that language, keeping the first of two with text', () => {
    expect(textSchema.parse({ ES: 'Hola', En: 'Hello', val: 'Hola' })).toEqual({
      es: 'Hola',
      en: 'Hello',
      val: 'Hola',
    });
    expect(textSchema.parse({ EN: '', en: 'Hello', ES: 'Hola', es: 'Buenas' })).toEqual({ en: 'Hello', es: 'Hola' });
  });
});

describe('languageCode', () => {
  it('reads the tags another backend may write for the spec’s own codes', () => {
    expect(textSchema.parse({ ja: 'こんにちは', NB: 'Hei', 'ca-ES-valencia': 'Hola', EN: 'Hello' })).toEqual({
      jp: 'こんにちは',
      no: 'Hei',
      val: 'Hola',
      en: 'Hello',
    });
  });
});

describe('resolveText', () => {
  const text = { es: 'Hola', en: 'Hello', fr: '' };

  it('returns a plain string whatever the language', () => {
    expect(resolveText('Hola\nmundo', 'en', 'es')).toBe('Hola\nmundo');
  });

  it('picks the requested language', () => {
    expect(resolveText(text, 'en', 'es')).toBe('Hello');
  });

  it('falls back to the original language', () => {
    expect(resolveText(text, 'de', 'es')).toBe('Hola');
  });

  it('treats an empty translation as missing', () => {
    expect(resolveText(text, 'fr', 'es')).toBe('Hola');
  });

  it('falls back to the first value when the original is missing too', () => {
    expect(resolveText({ en: 'Hello', de: 'Hallo' }, 'jp', 'es')).toBe('Hello');
    expect(resolveText({ en: '', de: 'Hallo' }, 'jp', 'es')).toBe('Hallo');
  });

  it('reads only the map’s own texts: a language code such as constructor is no way into its prototype', () => {
    expect(resolveText({ es: 'Hola' }, 'constructor', 'toString')).toBe('Hola');
    expect(resolveText({ es: 'Hola' }, 'es', '__proto__')).toBe('Hola');
    expect(resolveText({}, 'constructor', 'constructor')).toBe('');
  });

  it('gives an empty string for nothing', () => {
    expect(resolveText(null, 'es', 'es')).toBe('');
    expect(resolveText(undefined, 'es', 'es')).toBe('');
    expect(resolveText({}, 'es', 'es')).toBe('');
    expect(resolveText('', 'es', 'es')).toBe('');
  });
});
