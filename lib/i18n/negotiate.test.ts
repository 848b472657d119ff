import { describe, expect, it } from 'vitest';
import { localeFromPath, matchBrowserLanguage, negotiateLocale, parseAcceptLanguage } from './negotiate';

describe('localeFromPath', () => {
  it('reads the spec code prefix and keeps the rest', () => {
    expect(localeFromPath('/jp/survey/1')).toEqual({ locale: 'ja', rest: '/survey/1', nonCanonical: false });
    expect(localeFromPath('/val')).toEqual({ locale: 'ca-ES-valencia', rest: '/', nonCanonical: false });
    expect(localeFromPath('/en/')).toEqual({ locale: 'en', rest: '/', nonCanonical: false });
  });
  it('flags BCP-47 tags and the default prefix as non-canonical', () => {
    expect(localeFromPath('/ja/survey')).toMatchObject({ locale: 'ja', nonCanonical: true });
    expect(localeFromPath('/ca-ES-valencia')).toMatchObject({ locale: 'ca-ES-valencia', nonCanonical: true });
    expect(localeFromPath('/es/survey')).toMatchObject({ locale: 'es', rest: '/survey', nonCanonical: true });
  });
  it('leaves unprefixed paths alone', () => {
    expect(localeFromPath('/survey/abc')).toEqual({ locale: undefined, rest: '/survey/abc', nonCanonical: false });
    expect(localeFromPath('/')).toEqual({ locale: undefined, rest: '/', nonCanonical: false });
    expect(localeFromPath('/english')).toMatchObject({ locale: undefined });
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by quality, keeping header order for ties, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, en;q=0.8, *;q=0.1, it;q=0')).toEqual(['de', 'en', 'fr']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });
});

describe('matchBrowserLanguage', () => {
  it('matches the exact code first, then the base language', () => {
    expect(matchBrowserLanguage(['pt-BR'])).toBe('pt');
    expect(matchBrowserLanguage(['ja'])).toBe('ja');
    expect(matchBrowserLanguage(['ca-ES-valencia'])).toBe('ca-ES-valencia');
    expect(matchBrowserLanguage(['ca-ES'])).toBe('ca');
    expect(matchBrowserLanguage(['zh-TW'])).toBe('zh');
    expect(matchBrowserLanguage(['nb-NO'])).toBe('no');
  });
  it('walks the list in preference order', () => {
    expect(matchBrowserLanguage(['xx', 'fr-CA', 'en'])).toBe('fr');
    expect(matchBrowserLanguage(['xx-YY'])).toBeUndefined();
  });
});

describe('negotiateLocale (spec §4 order)', () => {
  it('prefers the URL prefix over everything', () => {
    expect(negotiateLocale({ pathname: '/de/x', cookieLocale: 'fr', acceptLanguage: 'it' })).toMatchObject({
      locale: 'de',
      source: 'prefix',
    });
  });
  it('then the cookie', () => {
    expect(negotiateLocale({ pathname: '/x', cookieLocale: 'fr', acceptLanguage: 'it' })).toMatchObject({
      locale: 'fr',
      source: 'cookie',
    });
    expect(negotiateLocale({ pathname: '/', cookieLocale: 'es', acceptLanguage: 'it' })).toMatchObject({
      locale: 'es',
      source: 'cookie',
    });
  });
  it('ignores an unknown cookie and uses the browser languages', () => {
    expect(negotiateLocale({ pathname: '/', cookieLocale: 'xx', acceptLanguage: 'pt-BR,en;q=0.5' })).toMatchObject({
      locale: 'pt',
      source: 'accept-language',
    });
  });
  it('falls back to es', () => {
    expect(negotiateLocale({ pathname: '/', cookieLocale: undefined, acceptLanguage: 'xx' })).toMatchObject({
      locale: 'es',
      source: 'default',
    });
  });
});
