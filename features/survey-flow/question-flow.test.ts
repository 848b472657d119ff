import { describe, expect, it } from 'vitest';
import { questionSubtypes } from '@/lib/survey-format/widget-kinds';
import { advancesByItself } from './question-flow';

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
