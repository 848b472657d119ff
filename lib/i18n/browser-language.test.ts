import { describe, expect, it } from 'vitest';
import { codePrefixedPath, matchBrowserLanguage, parseAcceptLanguage } from './browser-language';

describe('parseAcceptLanguage', () => {
  it('orders by quality, keeping header order for ties, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, en;q=0.8, *;q=0.1, it;q=0')).toEqual(['de', 'en', 'fr']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it('reads the weight case-insensitively and leaves out a range whose weight is malformed', () => {
    expect(parseAcceptLanguage('fr;Q=0, de;q=0.5')).toEqual(['de']);
    expect(parseAcceptLanguage('fr; q = 0.2 , de;q=0.5')).toEqual(['de', 'fr']);
    expect(parseAcceptLanguage('fr;q=abc, de')).toEqual(['de']);
    expect(parseAcceptLanguage('fr;q=-1, it;q=1.5, pt;q=0.1234, de;q=1.000')).toEqual(['de']);
  });
});

describe('matchBrowserLanguage', () => {
  it('matches the exact code first, then the base language', () => {
    expect(matchBrowserLanguage(['pt-BR'])).toBe('pt');
    expect(matchBrowserLanguage(['ja'])).toBe('ja');
    expect(matchBrowserLanguage(['ca-ES-valencia'])).toBe('ca-ES-valencia');
    expect(matchBrowserLanguage(['ca-valencia'])).toBe('ca-ES-valencia');
    expect(matchBrowserLanguage(['ca-ES'])).toBe('ca');
    expect(matchBrowserLanguage(['zh-TW'])).toBe('zh');
    expect(matchBrowserLanguage(['nb-NO'])).toBe('no');
  });
  it('takes the spec codes that are not tags for the languages they name', () => {
    expect(matchBrowserLanguage(['jp'])).toBe('ja');
    expect(matchBrowserLanguage(['val'])).toBe('ca-ES-valencia');
  });
  it('walks the list in preference order', () => {
    expect(matchBrowserLanguage(['xx', 'fr-CA', 'en'])).toBe('fr');
    expect(matchBrowserLanguage(['en-GB', 'fr'])).toBe('en');
    expect(matchBrowserLanguage(['xx-YY'])).toBeUndefined();
  });
});

describe('codePrefixedPath', () => {
  it('moves a BCP-47 tag prefix to the spec code, whatever its case', () => {
    expect(codePrefixedPath('/ja/survey/1')).toBe('/jp/survey/1');
    expect(codePrefixedPath('/ja')).toBe('/jp');
    expect(codePrefixedPath('/ca-es-valencia/survey')).toBe('/val/survey');
  });
  it('leaves every other path alone', () => {
    expect(codePrefixedPath('/jp/survey')).toBeUndefined();
    expect(codePrefixedPath('/survey/ja')).toBeUndefined();
    expect(codePrefixedPath('/')).toBeUndefined();
    expect(codePrefixedPath('/en')).toBeUndefined();
  });
});
