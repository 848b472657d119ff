import { beforeAll, describe, expect, it } from 'vitest';
import { firstInvalidWidgetId, pagesToReview, validatePage } from './validate-page';
import { config, widget } from './test-fixtures';
import { loadPatternEngine } from './value-checks';

// Regex checks need the lazily loaded engine.
beforeAll(() => loadPatternEngine());

const on = config();
const widgets = [
  widget('text_block', {}, 0, 100),
  widget('single_radio', { required: true }, 3, 101),
  widget('freetext_input', { validation: { type: 'email' } }, 0, 102),
  widget('multiple_checkbox', { required: true }, 3, 103),
  widget('freetext_input', { required: true, hidden: true }, 0, 104),
];

describe('validatePage', () => {
  it('collects issues of visible questions in page order', () => {
    const issues = validatePage(widgets, { '102': ['nope'] }, on);
    expect([...issues.entries()]).toEqual([
      [101, { key: 'required' }],
      [102, { key: 'email' }],
      [103, { key: 'required' }],
    ]);
    expect(firstInvalidWidgetId(widgets, issues)).toBe(101);
  });

  it('skips questions hidden by logic, and uses the logic state instead of own flags when given', () => {
    const state = { hiddenWidgetIds: new Set([101, 103]) };
    const issues = validatePage(widgets, { '102': ['a@b.co'] }, on, state);
    // 104 is hidden by its flag but the logic state (which folds flags in) says it is shown: a show rule revealed it.
    expect([...issues.keys()]).toEqual([104]);
    expect(firstInvalidWidgetId(widgets, validatePage(widgets, { '101': ['1'], '103': ['1'] }, on))).toBeNull();
  });

  it('ignores hidden options: a hidden chosen option does not count, a hidden row need not be answered', () => {
    const multi = widget('multiple_checkbox', { required: true }, 3, 201);
    const matrix = widget('other_radio_matrix', { required: true, col_options: [{ id: 10 }] }, 3, 202);
    const state = {
      hiddenWidgetIds: new Set<number>(),
      hiddenOptionIds: new Map([
        [201, new Set([2])],
        [202, new Set([3])],
      ]),
    };
    const issues = validatePage([multi, matrix], { '201': ['2'], '202': ['1:|:10', '2:|:10'] }, on, state);
    expect([...issues.entries()]).toEqual([[201, { key: 'required' }]]);
  });

  it('asks for no more selections than the options logic leaves visible', () => {
    const multi = widget('multiple_checkbox', { required: true, settings: { min_selections: 2 } }, 3, 201);
    const state = { hiddenWidgetIds: new Set<number>(), hiddenOptionIds: new Map([[201, new Set([2, 3])]]) };
    expect(validatePage([multi], { '201': ['1'] }, on, state).size).toBe(0);
  });
});

describe('pagesToReview', () => {
  const pageOne = { id: 1, widgets: [widget('freetext_input', { required: true, hidden: true }, 0, 11)] };
  const pageTwo = { id: 2, widgets: [widget('single_radio', { required: true }, 2, 21)] };
  const pageThree = { id: 3, widgets: [widget('freetext_input', { required: true }, 0, 31)] };

  it('finds the first passed page with an issue, and counts the questions to review on all of them', () => {
    // A later answer revealed 11 (a show rule); 31 was skipped too.
    const revealed = { hiddenWidgetIds: new Set<number>() };
    const review = pagesToReview([pageOne, pageTwo, pageThree], { '21': ['1'] }, on, revealed);
    expect(review?.firstPageId).toBe(1);
    expect([...(review?.issues.keys() ?? [])]).toEqual([11]);
    expect(review?.questionCount).toBe(2);
  });

  it('is null when every passed page is complete, or its questions stay hidden', () => {
    const hidden = { hiddenWidgetIds: new Set([11]) };
    expect(pagesToReview([pageOne, pageTwo], { '21': ['2'] }, on, hidden)).toBeNull();
  });
});
