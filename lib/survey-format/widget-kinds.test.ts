import { describe, expect, it } from 'vitest';
import { advancesByItself, choiceKindOf, matrixCellPartsOf, questionSubtypes, storesFiles } from './widget-kinds';

describe('advancesByItself', () => {
  it('is true for exactly the one-answer questions', () => {
    expect(questionSubtypes.filter(advancesByItself)).toEqual([
      'single_select_image',
      'single_select',
      'single_radio',
      'scale_stars',
      'scale_stars_matrix',
      'scale_slider',
      'scale_semantic',
      'scale_numeric',
      'scale_nps',
      'other_radio_matrix',
    ]);
  });
});

describe('the subtype tables', () => {
  it('name the choice questions, the matrices and their cell parts, and the file questions', () => {
    expect(questionSubtypes.filter((subtype) => choiceKindOf(subtype) === 'ranking')).toEqual(['other_ranking']);
    expect(questionSubtypes.filter((subtype) => choiceKindOf(subtype) !== null)).toHaveLength(7);
    expect(questionSubtypes.filter((subtype) => matrixCellPartsOf(subtype) === 3)).toEqual([
      'other_dropdown_matrix',
      'freetext_matrix',
    ]);
    expect(questionSubtypes.filter(storesFiles)).toEqual(['other_file_upload', 'other_signature']);
    expect(choiceKindOf('text_block')).toBeNull();
  });
});
