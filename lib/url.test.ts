import { describe, expect, it } from 'vitest';
import { pageCsp } from './security/security-headers';
import { hyphenatedSurveyPath, safeImageUrl, safeRedirectUrl, withScheme } from './url';

describe('withScheme', () => {
  it('adds http:// only when there is no scheme', () => {
    expect(withScheme('example.com/x')).toBe('http://example.com/x');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('  //example.com ')).toBe('http://example.com');
  });
  it('reads host:port as a host, not as a scheme', () => {
    expect(withScheme('example.com:8080/thanks')).toBe('http://example.com:8080/thanks');
    expect(withScheme('localhost:3000/done')).toBe('http://localhost:3000/done');
    expect(withScheme('localhost:3000')).toBe('http://localhost:3000');
    expect(withScheme('[::1]:3000/x')).toBe('http://[::1]:3000/x');
  });
});

describe('safeRedirectUrl', () => {
  it('appends encoded parameters', () => {
    expect(safeRedirectUrl('https://example.com/done?a=1', [{ name: 'score', value: '7 & up' }])).toBe(
      'https://example.com/done?a=1&score=7%20%26%20up',
    );
  });
  it("keeps the owner's query text as it is, and puts the parameters before the fragment", () => {
    const x = [{ name: 'x', value: '1' }];
    expect(safeRedirectUrl('https://ok.example/t?ref&a=b%20c', x)).toBe('https://ok.example/t?ref&a=b%20c&x=1');
    expect(safeRedirectUrl('https://ok.example/t', x)).toBe('https://ok.example/t?x=1');
    expect(safeRedirectUrl('https://ok.example/t?', x)).toBe('https://ok.example/t?x=1');
    expect(safeRedirectUrl('https://ok.example/t?a=1#end', x)).toBe('https://ok.example/t?a=1&x=1#end');
    expect(safeRedirectUrl('https://ok.example/t?a=1&', x)).toBe('https://ok.example/t?a=1&x=1');
    expect(safeRedirectUrl('https://ok.example/t#end', [{ name: 'a b', value: 'é/?' }])).toBe(
      'https://ok.example/t?a%20b=%C3%A9%2F%3F#end',
    );
    expect(safeRedirectUrl('https://ok.example/t?ref', [])).toBe('https://ok.example/t?ref');
  });
  it('follows host:port and IPv6 addresses without a scheme', () => {
    expect(safeRedirectUrl('example.com:8080/thanks')).toBe('http://example.com:8080/thanks');
    expect(safeRedirectUrl('localhost:3000/done', [{ name: 'x', value: '1' }])).toBe('http://localhost:3000/done?x=1');
    expect(safeRedirectUrl('[::1]:3000/x')).toBe('http://[::1]:3000/x');
  });
  it('refuses non-http schemes and garbage', () => {
    expect(safeRedirectUrl('javascript:alert(1)')).toBeNull();
    expect(safeRedirectUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeRedirectUrl('')).toBeNull();
    expect(safeRedirectUrl(null)).toBeNull();
    expect(safeRedirectUrl('http://')).toBeNull();
  });
  it('never follows another scheme, however it is disguised', () => {
    for (const url of [
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      '\u0001\u0008javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript:8080/alert(1)',
      'java\tscript:1/x',
      'vbscript:msgbox(1)',
      'VBScript:1',
      'data:text/html;base64,PHNjcmlwdD4=',
      'ftp://files.example/x',
      'ftp:21/x',
      'file:///etc/passwd',
      'mailto:owner@example.com',
      'tel:911',
      'intent:user@evil.example',
      'custom-app:open',
    ]) {
      expect(safeRedirectUrl(url), JSON.stringify(url)).toBeNull();
    }
  });
  it('adds the scheme to a bare host', () => {
    expect(safeRedirectUrl('example.com')).toBe('http://example.com/');
  });
});

describe('safeImageUrl', () => {
  it('keeps http(s) and same-site paths, which the page CSP lets load', () => {
    expect(safeImageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(safeImageUrl(' http://a.example/x.png ')).toBe('http://a.example/x.png');
    expect(safeImageUrl('/media/x.png')).toBe('/media/x.png');
    const imgSrc = /img-src ([^;]*)/.exec(pageCsp({ nonce: 'n', frameAncestors: "'none'", connect: [] }))?.[1];
    expect(imgSrc?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:']));
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

describe('hyphenatedSurveyPath', () => {
  it('only when both an underscore and "survey" are there', () => {
    expect(hyphenatedSurveyPath('/some_page')).toBeUndefined();
    expect(hyphenatedSurveyPath('/survey-message')).toBeUndefined();
    expect(hyphenatedSurveyPath('/survey/a_b')).toBe('/survey/a-b');
    expect(hyphenatedSurveyPath('/en/survey%5Fmessage')).toBe('/en/survey-message');
    expect(hyphenatedSurveyPath('/survey%5fresume')).toBe('/survey-resume');
  });
});
