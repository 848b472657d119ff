import { describe, expect, it } from 'vitest';

import { widgetSchema } from '@/lib/survey-format/widget';

import { answerLabel } from './answer-labels';

const context = { lang: 'es', originalLang: 'es', fileNames: new Map([['up1', 'cv.pdf']]) };
const rows = [
  { id: 1, value: 'Limpieza' },
  { id: 2, value: 'Desayuno' },
];
const cols = [
  { id: 1, value: 'Mal' },
  { id: 2, value: 'Bien' },
];

describe('answerLabel', () => {
  it('shows choice labels, typed "other" text, and ranking order', () => {
    const widget = widgetSchema.parse({
      id: 1,
      subtype: 'other_ranking',
      items: [
        { id: 1, value: 'A' },
        { id: 2, value: { es: 'B', en: 'Bee' } },
      ],
    });
    expect(answerLabel(widget, ['2', '1'], context)).toBe('B; A');
    const radio = widgetSchema.parse({ id: 2, subtype: 'single_radio', items: [{ id: 1, value: 'Sí' }] });
    expect(answerLabel(radio, ['others:|:a:|:b'], context)).toBe('a:|:b');
  });

  it('reads matrices by row and column, skipping empty rows', () => {
    const radio = widgetSchema.parse({ id: 3, subtype: 'other_radio_matrix', items: rows, col_options: cols });
    expect(answerLabel(radio, ['1:|:2', '2:|:empty_row'], context)).toBe('Limpieza: Bien');
    const dropdown = widgetSchema.parse({
      id: 4,
      subtype: 'other_dropdown_matrix',
      items: rows,
      col_options: cols,
      settings: { dropdown_items: [{ id: 7, value: '3 o más' }] },
    });
    expect(answerLabel(dropdown, ['2:|:1:|:7'], context)).toBe('Desayuno / Mal: 3 o más');
    const stars = widgetSchema.parse({ id: 5, subtype: 'scale_stars_matrix', items: rows });
    expect(answerLabel(stars, ['1:|:4'], context)).toBe('Limpieza: 4');
    const semantic = widgetSchema.parse({
      id: 6,
      subtype: 'scale_semantic',
      items: [{ id: 1, value: 'Lenta', right_value: 'Rápida' }],
    });
    expect(answerLabel(semantic, ['1:|:4'], context)).toBe('Lenta – Rápida: 4');
  });

  it('shows values of scales and text, and file names of uploads', () => {
    expect(answerLabel(widgetSchema.parse({ id: 7, subtype: 'scale_nps' }), ['9'], context)).toBe('9');
    expect(answerLabel(widgetSchema.parse({ id: 8, subtype: 'other_file_upload' }), ['up1', 'up2'], context)).toBe(
      'cv.pdf; up2',
    );
    expect(answerLabel(widgetSchema.parse({ id: 9, subtype: 'text_block' }), ['x'], context)).toBe('');
  });
});
