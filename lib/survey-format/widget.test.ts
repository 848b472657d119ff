import { describe, expect, it, vi } from 'vitest';
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

describe('scale bounds (a scale draws one control per point)', () => {
  const settingsOf = (subtype: string, settings: Record<string, unknown>) =>
    widgetSchema.parse({ id: 1, subtype, settings }).settings;

  it('reads stars and points beyond 10 as the default, which keeps a huge count from exhausting the memory', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(settingsOf('scale_stars', { stars: 1_000_000_000 }).stars).toBe(5);
    expect(settingsOf('scale_stars', { stars: 11 }).stars).toBe(5);
    expect(settingsOf('scale_stars_matrix', { stars: '1000000000' }).stars).toBe(5);
    expect(settingsOf('scale_semantic', { points: 1_000_000_000 }).points).toBe(5);
    expect(settingsOf('scale_stars', { stars: 10 }).stars).toBe(10);
    expect(settingsOf('scale_semantic', { points: 10 }).points).toBe(10);
    vi.restoreAllMocks();
  });

  it('reads a numeric scale more than 100 apart, or reversed, as the default 1..10 (logged)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(settingsOf('scale_numeric', { min: 0, max: 1_000_000_000 })).toMatchObject({ min: 1, max: 10 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("a numeric scale's max - min out of 0..100"));
    expect(settingsOf('scale_numeric', { min: -1_000_000_000 })).toMatchObject({ min: 1, max: 10 });
    expect(settingsOf('scale_numeric', { min: 0, max: 101 })).toMatchObject({ min: 1, max: 10 });
    expect(settingsOf('scale_numeric', { min: 5, max: 1 })).toMatchObject({ min: 1, max: 10 });
    expect(settingsOf('scale_numeric', { min: 0, max: 100, min_label: 'No' })).toEqual({
      min: 0,
      max: 100,
      min_label: 'No',
    });
    expect(settingsOf('scale_numeric', { min: -50, max: 50 })).toMatchObject({ min: -50, max: 50 });
    expect(settingsOf('scale_numeric', { min: 3, max: 3 })).toMatchObject({ min: 3, max: 3 });
    // The slider shares min and max, but draws one control whatever its range.
    expect(settingsOf('scale_slider', { min: 0, max: 1_000_000_000 })).toMatchObject({ min: 0, max: 1_000_000_000 });
    vi.restoreAllMocks();
  });
});

describe('entries sharing an id', () => {
  it('keeps the first option, column and dropdown choice of each id (one id is one answer)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widget = widgetSchema.parse({
      id: 1,
      subtype: 'other_dropdown_matrix',
      items: [
        { id: 1, value: 'Row A' },
        { id: '1', value: 'Row B' },
        { id: 2, value: 'Row C' },
      ],
      col_options: [
        { id: 7, value: 'Col A' },
        { id: 7, value: 'Col B' },
      ],
      settings: {
        dropdown_items: [
          { id: 3, value: 'Good' },
          { id: 4, value: 'Bad' },
          { id: 3, value: 'Fine' },
        ],
      },
    });
    expect(widget.items.map((item) => item.value)).toEqual(['Row A', 'Row C']);
    expect(widget.col_options).toEqual([{ id: 7, value: 'Col A' }]);
    expect(widget.settings.dropdown_items).toEqual([
      { id: 3, value: 'Good' },
      { id: 4, value: 'Bad' },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('an entry repeating an earlier id was left out'));
    vi.restoreAllMocks();
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

  it('reads a score it cannot read as 0 rather than make the survey inaccessible', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(widgetItemSchema.parse({ id: 1, score: '' }).score).toBe(0);
    expect(widgetItemSchema.parse({ id: 1, score: '1,5' }).score).toBe(0);
    expect(widgetItemSchema.parse({ id: 1, score: '1.5' }).score).toBe(1.5);
    vi.restoreAllMocks();
  });
});
