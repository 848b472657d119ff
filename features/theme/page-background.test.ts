import { describe, expect, it } from 'vitest';
import { surveySchema } from '@/lib/survey-format/survey';
import { pageBackground } from './page-background';

const survey = (backgrounds: Array<{ src: string; apply_all_pages?: boolean } | null>) =>
  surveySchema.parse({
    survey_id: 1,
    pages: backgrounds.map((background, index) => ({ id: index + 1, background, widgets: [] })),
  });

describe('pageBackground', () => {
  it("shows a page's own picture, else the one a page gives all pages, else none", () => {
    const pages = survey([null, { src: 'https://cdn.example/all.jpg', apply_all_pages: true }, { src: '/own.png' }]);
    expect(pageBackground(pages, 1)).toBe('https://cdn.example/all.jpg');
    expect(pageBackground(pages, 2)).toBe('https://cdn.example/all.jpg');
    expect(pageBackground(pages, 3)).toBe('/own.png');
    expect(pageBackground(survey([{ src: 'https://cdn.example/one.jpg' }, null]), 2)).toBeNull();
    expect(pageBackground(survey([{ src: 'https://cdn.example/one.jpg' }, null]), 1)).toBe(
      'https://cdn.example/one.jpg',
    );
  });

  it('ignores addresses that are not web addresses or same-site paths', () => {
    for (const src of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AA', 'a b', '']) {
      expect(pageBackground(survey([{ src, apply_all_pages: true }]), 1)).toBeNull();
    }
  });
});
