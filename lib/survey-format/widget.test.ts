import { describe, expect, it } from 'vitest';
import {
  answerFormatOf,
  blockSubtypes,
  isQuestionSubtype,
  questionSubtypes,
  type QuestionSubtype,
} from './widget-kinds';
import { widgetItemSchema, widgetSchema } from './widget';

describe('subtypes', () => {
  it('are the 21 of the spec plus file upload and signature', () => {
    expect(questionSubtypes).toHaveLength(23);
    expect(new Set(questionSubtypes).size).toBe(23);
    expect(questionSubtypes).toContain('other_file_upload');
    expect(questionSubtypes).toContain('other_signature');
    expect(blockSubtypes).toEqual(['text_block', 'image_block', 'video_block']);
  });

  it('every question subtype parses with the minimum fields', () => {
    for (const subtype of questionSubtypes) {
      const widget = widgetSchema.parse({ id: 1, subtype });
      expect(widget.is_question).toBe(true);
      expect(widget.subtype).toBe(subtype);
    }
  });

  it('every block subtype parses and is not a question', () => {
    for (const subtype of blockSubtypes) {
      const widget = widgetSchema.parse({ id: 1, is_question: true, subtype });
      expect(widget.is_question).toBe(false);
      expect(isQuestionSubtype(widget.subtype)).toBe(false);
    }
  });

  it('rejects an unknown subtype', () => {
    expect(widgetSchema.safeParse({ id: 1, subtype: 'hologram' }).success).toBe(false);
  });
});

describe('answerFormatOf', () => {
  const expected: Record<QuestionSubtype, string> = {
    single_select: 'SINGLE',
    single_radio: 'SINGLE',
    single_select_image: 'SINGLE',
    multiple_select: 'MULTIPLE',
    multiple_checkbox: 'MULTIPLE',
    multiple_image: 'MULTIPLE',
    other_dropdown_matrix: 'MATRIX_VALUE',
    other_radio_matrix: 'MATRIX_OPTION',
    other_checkbox_matrix: 'MATRIX_OPTION',
    scale_stars: 'SINGLE',
    scale_stars_matrix: 'MATRIX_VALUE',
    scale_slider: 'SINGLE',
    scale_semantic: 'MATRIX_OPTION',
    scale_numeric: 'SINGLE',
    scale_nps: 'SINGLE',
    other_ranking: 'MULTIPLE',
    other_datetime: 'SINGLE',
    freetext_input: 'SINGLE',
    freetext_comment: 'SINGLE',
    freetext_multiple: 'MATRIX_VALUE',
    freetext_matrix: 'MATRIX_VALUE',
    other_file_upload: 'MULTIPLE',
    other_signature: 'SINGLE',
  };

  it('follows the format table', () => {
    for (const subtype of questionSubtypes) expect(answerFormatOf(subtype)).toBe(expected[subtype]);
  });
});

describe('widgetSchema defaults', () => {
  it('fills a minimal widget', () => {
    expect(widgetSchema.parse({ id: 101, subtype: 'single_radio' })).toEqual({
      id: 101,
      is_question: true,
      subtype: 'single_radio',
      hidden: false,
      title: '',
      description: null,
      required: false,
      items: [],
      col_options: [],
      settings: {},
      validation: null,
      quiz: null,
      jump_page_mobile: false,
    });
  });

  it('treats null collections and settings as missing', () => {
    const widget = widgetSchema.parse({
      id: 1,
      subtype: 'single_select',
      items: null,
      col_options: null,
      settings: null,
    });
    expect(widget.items).toEqual([]);
    expect(widget.col_options).toEqual([]);
    expect(widget.settings).toEqual({});
  });

  it('applies subtype setting defaults under the given settings', () => {
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_stars' }).settings).toEqual({ stars: 5 });
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_stars', settings: { stars: 7 } }).settings).toEqual({
      stars: 7,
    });
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_stars', settings: { stars: null } }).settings).toEqual({
      stars: 5,
    });
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_semantic' }).settings.points).toBe(5);
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_numeric' }).settings).toMatchObject({ min: 1, max: 10 });
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_nps' }).settings).toMatchObject({ min: 0, max: 10 });
  });

  it('drops null settings and keeps typed ones', () => {
    const widget = widgetSchema.parse({
      id: 1,
      subtype: 'other_file_upload',
      settings: { max_files: 3, max_size_mb: 5, accepted_types: ['pdf'], placeholder: null, unknown_setting: 1 },
    });
    expect(widget.settings).toEqual({ max_files: 3, max_size_mb: 5, accepted_types: ['pdf'] });
  });

  it("leaves out a setting it cannot use, so the subtype's default applies", () => {
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_stars', settings: { stars: 'five' } }).settings.stars).toBe(5);
    expect(widgetSchema.parse({ id: 1, subtype: 'scale_stars', settings: { stars: 0 } }).settings.stars).toBe(5);
    expect(
      widgetSchema.parse({ id: 1, subtype: 'video_block', settings: { provider: 'dailymotion' } }).settings,
    ).not.toHaveProperty('provider');
    expect(widgetSchema.parse({ id: 1, subtype: 'other_datetime', settings: { mode: 'week' } }).settings.mode).toBe(
      'date',
    );
  });

  it('reads numbers and flags as some databases write them: "7" and 0 or 1', () => {
    const widget = widgetSchema.parse({
      id: '12',
      subtype: 'scale_stars',
      required: 1,
      settings: { stars: '7', randomize: 0 },
      items: [{ id: '3', score: '2.5' }],
    });
    expect(widget).toMatchObject({ id: 12, required: true, settings: { stars: 7, randomize: false } });
    expect(widget.items[0]).toMatchObject({ id: 3, score: 2.5 });
  });

  it('parses both quiz forms', () => {
    expect(widgetSchema.parse({ id: 1, subtype: 'single_radio', quiz: { correct_item_ids: [1] } }).quiz).toEqual({
      correct_item_ids: [1],
    });
    expect(widgetSchema.parse({ id: 1, subtype: 'freetext_input', quiz: { correct_values: ['42'] } }).quiz).toEqual({
      correct_values: ['42'],
    });
    // A key the app cannot read checks nothing rather than make the survey unreadable.
    expect(widgetSchema.parse({ id: 1, subtype: 'freetext_input', quiz: { correct: 1 } }).quiz).toBeNull();
    expect(widgetSchema.parse({ id: 1, subtype: 'single_radio', quiz: [] }).quiz).toBeNull();
  });

  it('requires integer ids', () => {
    expect(widgetSchema.safeParse({ id: 'one', subtype: 'single_radio' }).success).toBe(false);
    expect(widgetSchema.safeParse({ id: 1.5, subtype: 'single_radio' }).success).toBe(false);
    expect(widgetSchema.safeParse({ id: '1.5', subtype: 'single_radio' }).success).toBe(false);
    expect(widgetSchema.safeParse({ subtype: 'single_radio' }).success).toBe(false);
  });
});

describe('widgetItemSchema', () => {
  it('fills defaults and keeps the semantic right pole', () => {
    expect(widgetItemSchema.parse({ id: 1, value: 'Bad', right_value: 'Good' })).toEqual({
      id: 1,
      value: 'Bad',
      fixed: false,
      image_src: null,
      score: 0,
      right_value: 'Good',
    });
  });
});
