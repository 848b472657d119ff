import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resumeLink } from './resume-link';

describe('resumeLink', () => {
  it('points at the resume page of the language, with the response and survey codes', () => {
    expect(resumeLink('https://encuesta.example', '/en', 'AbC123', 'demo-answer-later')).toBe(
      'https://encuesta.example/en/survey-resume?code=AbC123&survey=demo-answer-later',
    );
  });

  it('names the default language too, so the link does not open in the language of the device that opens it', () => {
    expect(resumeLink('https://encuesta.example', '', 'x', 'y')).toBe(
      'https://encuesta.example/es/survey-resume?code=x&survey=y',
    );
  });

  it('accepts a prefix or origin written with or without slashes', () => {
    const expected = 'https://encuesta.example/jp/survey-resume?code=x&survey=y';
    expect(resumeLink('https://encuesta.example/', 'jp', 'x', 'y')).toBe(expected);
    expect(resumeLink('https://encuesta.example', '/jp/', 'x', 'y')).toBe(expected);
  });

  it('encodes the codes, so that no code can add a parameter or change the path', () => {
    expect(resumeLink('http://localhost:3000', '/val', 'a&b=c', 'sur vey/ñ?')).toBe(
      'http://localhost:3000/val/survey-resume?code=a%26b%3Dc&survey=sur%20vey%2F%C3%B1%3F',
    );
  });

  it('gives back both codes unchanged to a URL parser (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (code, survey) => {
        const url = new URL(resumeLink('https://encuesta.example', '/en', code, survey));
        expect(url.pathname).toBe('/en/survey-resume');
        expect([...url.searchParams.keys()]).toEqual(['code', 'survey']);
        expect(url.searchParams.get('code')).toBe(code);
        expect(url.searchParams.get('survey')).toBe(survey);
      }),
    );
  });
});
