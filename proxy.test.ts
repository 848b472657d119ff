import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { hyphenatedSurveyPath, proxy } from './proxy';

function request(url: string, init: { cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.acceptLanguage) headers.set('accept-language', init.acceptLanguage);
  return new NextRequest(new URL(url, 'http://127.0.0.1:3000'), { headers });
}

describe('underscore → hyphen (spec §2)', () => {
  it('moves survey paths with underscores permanently, keeping the query', () => {
    const response = proxy(request('/survey_message?x=1'));
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/survey-message?x=1');
    expect(proxy(request('/en/survey_resume')).headers.get('location')).toBe('/en/survey-resume');
  });
  it('only when both an underscore and "survey" are there', () => {
    expect(hyphenatedSurveyPath('/some_page')).toBeUndefined();
    expect(hyphenatedSurveyPath('/survey-message')).toBeUndefined();
    expect(hyphenatedSurveyPath('/survey/a_b')).toBe('/survey/a-b');
  });
});

describe('language negotiation', () => {
  it('redirects to the browser language prefix and saves it for 365 days', () => {
    const response = proxy(request('/', { acceptLanguage: 'fr-FR,fr;q=0.9' }));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/fr');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('NEXT_LOCALE=fr');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
  });
  it('uses the custom prefixes for Japanese and Valencian', () => {
    expect(proxy(request('/survey', { acceptLanguage: 'ja' })).headers.get('location')).toBe('/jp/survey');
    expect(proxy(request('/', { acceptLanguage: 'ca-ES-valencia' })).headers.get('location')).toBe('/val');
    expect(proxy(request('/ja/survey')).headers.get('location')).toBe('/jp/survey');
  });
  it('serves Spanish unprefixed, and moves /es/… to the unprefixed path', () => {
    const response = proxy(request('/survey?x=1', { acceptLanguage: 'es-ES' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-rewrite')).toContain('/es/survey?x=1');
    expect(proxy(request('/es/survey')).headers.get('location')).toBe('/survey');
    expect(proxy(request('/es')).headers.get('location')).toBe('/');
  });
  it('prefers the cookie over the browser', () => {
    const response = proxy(request('/', { cookie: 'NEXT_LOCALE=de', acceptLanguage: 'fr' }));
    expect(response.headers.get('location')).toBe('/de');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
  it('rewrites a prefixed path to its locale and stores the choice', () => {
    const response = proxy(request('/jp/survey/abc', { cookie: 'NEXT_LOCALE=fr' }));
    expect(response.headers.get('x-middleware-rewrite')).toContain('/ja/survey/abc');
    expect(response.headers.get('set-cookie')).toContain('NEXT_LOCALE=ja');
  });
});
