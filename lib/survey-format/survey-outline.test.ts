import { describe, expect, it } from 'vitest';
import { surveySchema } from './survey';
import { outlineSurvey, withPageWords } from './survey-outline';

const full = surveySchema.parse({
  survey_id: 7,
  title: 'Kept title',
  logic_list: [
    {
      id: 1,
      page_id: 1,
      conditions: [
        { source: 'question', source_type: 'item', reference: '11', operator: 'equals', operator_value: '1' },
      ],
      action: { type: 'hide_option', resource: '21:2' },
    },
  ],
  pages: [
    {
      id: 1,
      title: 'First page',
      widgets: [{ id: 11, subtype: 'single_radio', title: 'Near question', items: [{ id: 1, value: 'Yes' }] }],
    },
    {
      id: 2,
      title: 'Far page',
      widgets: [
        {
          id: 21,
          subtype: 'single_radio',
          title: { es: 'Lejos', en: 'Far question' },
          description: 'Far description',
          required: true,
          items: [
            { id: 1, value: 'Far option', score: 2 },
            { id: 2, value: 'Second far option', fixed: true },
          ],
          settings: { has_other: true, other_label: 'Far other', randomize: true },
          quiz: { correct_item_ids: [1] },
        },
        {
          id: 22,
          subtype: 'other_dropdown_matrix',
          title: 'Far matrix',
          items: [{ id: 1, value: 'Far row' }],
          col_options: [{ id: 5, value: 'Far column' }],
          settings: { dropdown_items: [{ id: 9, value: 'Far choice' }] },
        },
        { id: 23, subtype: 'scale_semantic', items: [{ id: 1, value: 'Far left', right_value: 'Far right' }] },
        { id: 24, subtype: 'scale_nps', settings: { min_label: 'Far low', max_label: 'Far high' } },
        {
          id: 25,
          subtype: 'freetext_input',
          settings: { placeholder: 'Far placeholder' },
          validation: { type: 'email' },
        },
        { id: 26, subtype: 'image_block', settings: { src: 'https://example.com/a.png', alt: 'Far image' } },
      ],
    },
  ],
});

describe('outlineSurvey', () => {
  const { survey: outline, outlinedPageIds } = outlineSurvey(full, new Set([1]));
  const serialized = JSON.stringify(outline);

  it('carries no word of a far page', () => {
    expect(outlinedPageIds).toEqual([2]);
    expect(serialized).not.toMatch(/Far|Lejos/);
  });

  it('keeps the near pages, the survey and what the engines read of far pages', () => {
    expect(outline.pages[0]).toBe(full.pages[0]);
    expect(outline.title).toBe('Kept title');
    expect(outline.logic_list).toBe(full.logic_list);
    const [far] = outline.pages[1]!.widgets;
    expect(far).toMatchObject({
      id: 21,
      subtype: 'single_radio',
      required: true,
      items: [
        { id: 1, score: 2, fixed: false },
        { id: 2, fixed: true },
      ],
      settings: { has_other: true, randomize: true },
      quiz: { correct_item_ids: [1] },
    });
    expect(outline.pages[1]!.widgets[4]!.validation).toEqual(full.pages[1]!.widgets[4]!.validation);
    expect(outline.pages[1]!.widgets[5]!.settings.src).toBe('https://example.com/a.png');
  });

  it('is the survey itself when every page is near', () => {
    expect(outlineSurvey(full, new Set([1, 2]))).toEqual({ survey: full, outlinedPageIds: [] });
  });
});

describe('withPageWords', () => {
  it('gives the outlined pages their words back, in the outline order', () => {
    const { survey: outline, outlinedPageIds } = outlineSurvey(full, new Set([1]));
    const reordered = { ...outline, pages: [outline.pages[1]!, outline.pages[0]!] };
    const { survey, filled } = withPageWords(reordered, full, outlinedPageIds);
    expect(filled).toEqual([2]);
    expect(survey.pages.map((page) => page.id)).toEqual([2, 1]);
    expect(survey.pages[0]).toEqual(full.pages[1]);
  });

  it('keeps a page the survey read again no longer has', () => {
    const { survey: outline } = outlineSurvey(full, new Set([1]));
    const shorter = { ...full, pages: [full.pages[0]!] };
    const result = withPageWords(outline, shorter, [2]);
    expect(result.filled).toEqual([]);
    expect(result.survey).toBe(outline);
  });
});
