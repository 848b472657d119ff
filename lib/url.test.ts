import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeRedirectUrl, withScheme } from './url';

describe('withScheme', () => {
  it('adds http:// only when there is no scheme', () => {
    expect(withScheme('example.com/x')).toBe('http://example.com/x');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('  //example.com ')).toBe('http://example.com');
  });
});

describe('safeRedirectUrl', () => {
  it('appends encoded parameters', () => {
    expect(safeRedirectUrl('https://example.com/done?a=1', [{ name: 'score', value: '7 & up' }])).toBe(
      'https://example.com/done?a=1&score=7+%26+up',
    );
  });
  it('refuses non-http schemes and garbage', () => {
    expect(safeRedirectUrl('javascript:alert(1)')).toBeNull();
    expect(safeRedirectUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeRedirectUrl('')).toBeNull();
    expect(safeRedirectUrl(null)).toBeNull();
    expect(safeRedirectUrl('http://')).toBeNull();
  });
  it('adds the scheme to a bare host', () => {
    expect(safeRedirectUrl('example.com')).toBe('http://example.com/');
  });
});

describe('safeImageUrl', () => {
  it('keeps http(s) and same-site paths', () => {
    expect(safeImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeImageUrl(' http://a.example/x.png ')).toBe('http://a.example/x.png');
    expect(safeImageUrl('/media/x.png')).toBe('/media/x.png');
  });

  it('drops every other scheme, and a path a browser reads as another host', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AA==',
      '//other.example/x.png',
      '/\\other.example/x.png',
      '/\t/other.example/x.png',
      '/media/x y.png',
      '',
      null,
      undefined,
    ]) {
      expect(safeImageUrl(src), String(src)).toBeNull();
    }
  });
});
