import { describe, expect, it } from 'vitest';

import { answerText, type AnswerTextStyle } from './answer-text';
import { widgetSchema, type Widget } from './widget';

const language = { lang: 'es', originalLang: 'es' };
const fileNames = new Map([['up1', 'cv.pdf']]);
const answerLabel = (widget: Widget, answer: string[], style: AnswerTextStyle = 'export') =>
  answerText(widget, answer, { language, style, fileNames });
const rows = [
  { id: 1, value: 'Limpieza' },
  { id: 2, value: 'Desayuno' },
];
const cols = [
  { id: 1, value: 'Mal' },
  { id: 2, value: 'Bien' },
];

describe('answerText, export style (CSV cells)', () => {
  it('shows choice labels, typed "other" text, and ranking order', () => {
    const widget = widgetSchema.parse({
      id: 1,
      subtype: 'other_ranking',
      items: [
        { id: 1, value: 'A' },
        { id: 2, value: { es: 'B', en: 'Bee' } },
      ],
    });
    expect(answerLabel(widget, ['2', '1'])).toBe('B; A');
    const radio = widgetSchema.parse({ id: 2, subtype: 'single_radio', items: [{ id: 1, value: 'Sí' }] });
    expect(answerLabel(radio, ['others:|:a:|:b'])).toBe('a:|:b');
  });

  it('reads matrices by row and column, skipping empty rows', () => {
    const radio = widgetSchema.parse({ id: 3, subtype: 'other_radio_matrix', items: rows, col_options: cols });
    expect(answerLabel(radio, ['1:|:2', '2:|:empty_row'])).toBe('Limpieza: Bien');
    const dropdown = widgetSchema.parse({
      id: 4,
      subtype: 'other_dropdown_matrix',
      items: rows,
      col_options: cols,
      settings: { dropdown_items: [{ id: 7, value: '3 o más' }] },
    });
    expect(answerLabel(dropdown, ['2:|:1:|:7'])).toBe('Desayuno / Mal: 3 o más');
    const stars = widgetSchema.parse({ id: 5, subtype: 'scale_stars_matrix', items: rows });
    expect(answerLabel(stars, ['1:|:4'])).toBe('Limpieza: 4');
    const semantic = widgetSchema.parse({
      id: 6,
      subtype: 'scale_semantic',
      items: [{ id: 1, value: 'Lenta', right_value: 'Rápida' }],
    });
    expect(answerLabel(semantic, ['1:|:4'])).toBe('Lenta – Rápida: 4');
  });

  it('shows values of scales and text, and file names of uploads', () => {
    expect(answerLabel(widgetSchema.parse({ id: 7, subtype: 'scale_nps' }), ['9'])).toBe('9');
    expect(answerLabel(widgetSchema.parse({ id: 8, subtype: 'other_file_upload' }), ['up1', 'up2'])).toBe(
      'cv.pdf; up2',
    );
    expect(answerLabel(widgetSchema.parse({ id: 9, subtype: 'text_block' }), ['x'])).toBe('');
  });
});

describe('answerText, the same answers for a person and for an outside system', () => {
  const radio = widgetSchema.parse({
    id: 2,
    subtype: 'single_radio',
    items: [
      { id: 1, value: 'Sí' },
      { id: 2, value: { es: 'No', en: 'No way' } },
    ],
  });
  const matrix = widgetSchema.parse({ id: 3, subtype: 'other_radio_matrix', items: rows, col_options: cols });

  it('joins parts with ", " except in the CSV, and words matrices and semantic rows alike', () => {
    const boxes = widgetSchema.parse({ id: 10, subtype: 'multiple_checkbox', items: rows });
    expect(answerLabel(boxes, ['1', '2'], 'display')).toBe('Limpieza, Desayuno');
    expect(answerLabel(boxes, ['1', '2'], 'redirect')).toBe('Limpieza, Desayuno');
    expect(answerLabel(boxes, ['1', '2'])).toBe('Limpieza; Desayuno');
    const semantic = widgetSchema.parse({
      id: 6,
      subtype: 'scale_semantic',
      items: [{ id: 1, value: 'Lenta', right_value: 'Rápida' }],
    });
    for (const style of ['display', 'redirect', 'export'] as const) {
      expect(answerLabel(semantic, ['1:|:4'], style)).toBe('Lenta – Rápida: 4');
      expect(answerLabel(matrix, ['1:|:2', '2:|:empty_row'], style)).toBe('Limpieza: Bien');
    }
  });

  it('leaves out ids the survey no longer lists for a person, keeps them for a system', () => {
    expect(answerLabel(radio, ['9'], 'display')).toBe('');
    expect(answerLabel(radio, ['9'], 'redirect')).toBe('9');
    expect(answerLabel(matrix, ['7:|:1'], 'display')).toBe('');
    expect(answerLabel(matrix, ['7:|:1'], 'redirect')).toBe('7: Mal');
  });

  it('shows uploads to nobody, by id to a system, by file name in the CSV', () => {
    const upload = widgetSchema.parse({ id: 8, subtype: 'other_file_upload' });
    expect(answerLabel(upload, ['up1'], 'display')).toBe('');
    expect(answerLabel(upload, ['up1'], 'redirect')).toBe('up1');
    expect(answerLabel(upload, ['up1'])).toBe('cv.pdf');
  });

  it("writes a date for a person in the survey's format, and as stored for a system", () => {
    const when = widgetSchema.parse({
      id: 9,
      subtype: 'other_datetime',
      settings: { mode: 'datetime', date_format: 'DD/MM/YYYY' },
    });
    expect(answerLabel(when, ['2026-11-22T10:30'], 'display')).toBe('22/11/2026 10:30');
    expect(answerLabel(when, ['2026-11-22T10:30'], 'redirect')).toBe('2026-11-22T10:30');
    const plain = widgetSchema.parse({ id: 10, subtype: 'other_datetime', settings: { mode: 'datetime' } });
    expect(answerLabel(plain, ['2026-11-22T10:30'], 'display')).toBe('2026-11-22 10:30');
  });

  it('labels in the respondent language, and skips a blank "other"', () => {
    expect(answerText(radio, ['2'], { language: { lang: 'en', originalLang: 'es' }, style: 'display' })).toBe('No way');
    expect(answerLabel(radio, ['others:|:  ', '1'], 'display')).toBe('Sí');
  });
});

describe('answerText, labels read through the caller', () => {
  const shout = (label: string) => label.toUpperCase();
  const read = (widget: Widget, answer: string[]) =>
    answerText(widget, answer, { language, style: 'display', label: shout });

  it('passes each option, row, column and dropdown label through `label`', () => {
    const boxes = widgetSchema.parse({ id: 1, subtype: 'multiple_checkbox', items: rows });
    expect(read(boxes, ['1', '2'])).toBe('LIMPIEZA, DESAYUNO');
    const matrix = widgetSchema.parse({ id: 2, subtype: 'other_radio_matrix', items: rows, col_options: cols });
    expect(read(matrix, ['1:|:2'])).toBe('LIMPIEZA: BIEN');
    const dropdown = widgetSchema.parse({
      id: 3,
      subtype: 'other_dropdown_matrix',
      items: rows,
      col_options: cols,
      settings: { dropdown_items: [{ id: 7, value: 'tres' }] },
    });
    expect(read(dropdown, ['2:|:1:|:7'])).toBe('DESAYUNO / MAL: TRES');
    const semantic = widgetSchema.parse({
      id: 4,
      subtype: 'scale_semantic',
      items: [{ id: 1, value: 'Lenta', right_value: 'Rápida' }],
    });
    expect(read(semantic, ['1:|:4'])).toBe('LENTA – RÁPIDA: 4');
  });

  it('never passes what the respondent typed', () => {
    const radio = widgetSchema.parse({ id: 5, subtype: 'single_radio', items: rows, settings: { has_other: true } });
    expect(read(radio, ['others:|:mi perro'])).toBe('mi perro');
    expect(read(widgetSchema.parse({ id: 6, subtype: 'freetext_input' }), ['hola'])).toBe('hola');
    const text = widgetSchema.parse({ id: 7, subtype: 'freetext_matrix', items: rows, col_options: cols });
    expect(read(text, ['1:|:2:|:escrito'])).toBe('LIMPIEZA / BIEN: escrito');
    const fields = widgetSchema.parse({ id: 8, subtype: 'freetext_multiple', items: rows });
    expect(read(fields, ['1:|:escrito'])).toBe('LIMPIEZA: escrito');
  });
});
