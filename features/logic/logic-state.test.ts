import { describe, expect, it } from 'vitest';
import { evaluateLogic } from './logic-state';
import { buildSurvey, page, question, rule, when } from './test-fixtures';

const desktop = { device: 'desktop' as const };

describe('evaluateLogic: show_* / hide_* actions', () => {
  const survey = buildSurvey(
    [
      page(1, [
        question(101, 'single_radio'),
        question(102, 'freetext_input', {}, 0),
        question(103, 'multiple_checkbox'),
      ]),
      page(2, [question(201, 'single_radio')]),
      page(3, [question(301, 'single_radio')]),
    ],
    [
      rule(1, { type: 'show_question', resource: '102' }, [when(101, 'equals', 1)]),
      rule(1, { type: 'hide_question', resource: '103' }, [when(101, 'equals', 2)]),
      rule(1, { type: 'show_page', resource: '2' }, [when(101, 'equals', 3)]),
      rule(1, { type: 'hide_page', resource: '3' }, [when(101, 'equals', 2)]),
      rule(1, { type: 'show_option', resource: '201:2' }, [when(101, 'equals', 1)]),
      rule(1, { type: 'hide_option', resource: '301:1' }, [when(101, 'answered')]),
    ],
  );

  it('hides show_* targets until their rule holds and shows hide_* targets until theirs does', () => {
    const state = evaluateLogic(survey, {}, desktop);
    expect([...state.hiddenWidgetIds].sort()).toEqual([102, 201]);
    expect([...state.hiddenPageIds]).toEqual([2]);
    expect(state.hiddenOptionIds.get(201)).toEqual(new Set([2]));
    expect(state.hiddenOptionIds.has(301)).toBe(false);
  });

  it('applies each action when its rule holds', () => {
    const one = evaluateLogic(survey, { '101': ['1'] }, desktop);
    expect(one.hiddenWidgetIds.has(102)).toBe(false);
    expect(one.hiddenOptionIds.get(201)).toBeUndefined();
    expect(one.hiddenOptionIds.get(301)).toEqual(new Set([1]));

    const two = evaluateLogic(survey, { '101': ['2'] }, desktop);
    expect(two.hiddenWidgetIds.has(103)).toBe(true);
    expect(two.hiddenPageIds.has(3)).toBe(true);
    expect(two.hiddenWidgetIds.has(301)).toBe(true);

    const three = evaluateLogic(survey, { '101': ['3'] }, desktop);
    expect(three.hiddenPageIds.has(2)).toBe(false);
    expect(three.hiddenWidgetIds.has(201)).toBe(false);
  });

  it('is live: undoing the answer undoes the effect', () => {
    expect(evaluateLogic(survey, { '101': ['1'] }, desktop).hiddenWidgetIds.has(102)).toBe(false);
    expect(evaluateLogic(survey, { '101': [] }, desktop).hiddenWidgetIds.has(102)).toBe(true);
  });
});

describe('evaluateLogic: match, flags and precedence', () => {
  it('honours match all / any', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'single_radio'), question(103, 'freetext_input', {}, 0)])],
      [rule(1, { type: 'show_question', resource: '103' }, [when(101, 'equals', 1), when(102, 'equals', 1)], 'any')],
    );
    expect(evaluateLogic(survey, { '102': ['1'] }, desktop).hiddenWidgetIds.has(103)).toBe(false);
    const all = buildSurvey(survey.pages, [
      rule(1, { type: 'show_question', resource: '103' }, [when(101, 'equals', 1), when(102, 'equals', 1)], 'all'),
    ]);
    expect(evaluateLogic(all, { '102': ['1'] }, desktop).hiddenWidgetIds.has(103)).toBe(true);
    expect(evaluateLogic(all, { '101': ['1'], '102': ['1'] }, desktop).hiddenWidgetIds.has(103)).toBe(false);
  });

  it('keeps own hidden flags, unless a show rule holds', () => {
    const survey = buildSurvey(
      [
        page(1, [question(101, 'single_radio'), question(102, 'freetext_input', { hidden: true }, 0)]),
        page(2, [question(201, 'freetext_input', {}, 0)], { hidden: true }),
        page(3, [question(301, 'freetext_input', { hidden: true }, 0)]),
      ],
      [rule(1, { type: 'show_question', resource: '102' }, [when(101, 'equals', 1)])],
    );
    const none = evaluateLogic(survey, {}, desktop);
    expect(none.hiddenWidgetIds).toEqual(new Set([102, 201, 301]));
    expect(none.hiddenPageIds).toEqual(new Set([2]));
    expect(evaluateLogic(survey, { '101': ['1'] }, desktop).hiddenWidgetIds.has(102)).toBe(false);
  });

  it('lets a hide rule win over a show rule when both hold', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'freetext_input', {}, 0)])],
      [
        rule(1, { type: 'show_question', resource: '102' }, [when(101, 'answered')]),
        rule(1, { type: 'hide_question', resource: '102' }, [when(101, 'equals', 2)]),
      ],
    );
    expect(evaluateLogic(survey, { '101': ['1'] }, desktop).hiddenWidgetIds.has(102)).toBe(false);
    expect(evaluateLogic(survey, { '101': ['2'] }, desktop).hiddenWidgetIds.has(102)).toBe(true);
  });

  it('ignores rules aimed at things the survey does not have', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio')])],
      [
        rule(1, { type: 'hide_question', resource: '999' }),
        rule(1, { type: 'hide_page', resource: 'abc' }),
        rule(1, { type: 'hide_option', resource: '101' }),
        rule(1, { type: 'hide_option', resource: '101:77' }),
      ],
    );
    const state = evaluateLogic(survey, {}, desktop);
    expect(state.hiddenWidgetIds.size).toBe(0);
    expect(state.hiddenPageIds.size).toBe(0);
    expect(state.hiddenOptionIds.size).toBe(0);
  });

  it('uses the screen and URL parameters as sources', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'single_radio')])],
      [
        rule(1, { type: 'hide_question', resource: '101' }, [
          { source: 'screen', operator: 'equals', operator_value: 'mobile' },
        ]),
        rule(1, { type: 'show_question', resource: '102' }, [
          { source: 'url_param', reference: 'ref', operator: 'equals', operator_value: 'vip' },
        ]),
      ],
    );
    expect(evaluateLogic(survey, {}, { device: 'mobile' }).hiddenWidgetIds).toEqual(new Set([101, 102]));
    expect(evaluateLogic(survey, { 'url_param:ref': ['VIP'] }, desktop).hiddenWidgetIds).toEqual(new Set());
  });
});

describe('evaluateLogic: hidden questions read as unanswered', () => {
  it('cascades: hiding a question undoes rules that read it', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'single_radio'), question(103, 'single_radio')])],
      [
        rule(1, { type: 'show_question', resource: '102' }, [when(101, 'equals', 1)]),
        rule(1, { type: 'show_question', resource: '103' }, [when(102, 'equals', 1)]),
      ],
    );
    // 102 still holds an answer from before 101 changed; 103 must not show because 102 is hidden.
    const state = evaluateLogic(survey, { '101': ['2'], '102': ['1'] }, desktop);
    expect(state.hiddenWidgetIds).toEqual(new Set([102, 103]));
    expect(evaluateLogic(survey, { '101': ['1'], '102': ['1'] }, desktop).hiddenWidgetIds.size).toBe(0);
  });

  it('settles rules listed in reverse dependency order', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'single_radio'), question(103, 'single_radio')])],
      [
        rule(1, { type: 'hide_question', resource: '101' }, [when(102, 'equals', 1)]),
        rule(1, { type: 'hide_question', resource: '102' }, [when(103, 'equals', 1)]),
      ],
    );
    // 103 hides 102, so 102 reads as unanswered and 101 stays visible.
    const state = evaluateLogic(survey, { '102': ['1'], '103': ['1'] }, desktop);
    expect(state.hiddenWidgetIds).toEqual(new Set([102]));
  });

  it('a question on a hidden page is hidden and reads as unanswered', () => {
    const survey = buildSurvey(
      [
        page(1, [question(101, 'single_radio')]),
        page(2, [question(201, 'single_radio')]),
        page(3, [question(301, 'single_radio')]),
      ],
      [
        rule(1, { type: 'hide_page', resource: '2' }, [when(101, 'equals', 1)]),
        rule(2, { type: 'hide_question', resource: '301' }, [when(201, 'equals', 1)]),
      ],
    );
    const state = evaluateLogic(survey, { '101': ['1'], '201': ['1'] }, desktop);
    expect(state.hiddenWidgetIds).toEqual(new Set([201]));
    expect(state.hiddenPageIds).toEqual(new Set([2]));
  });

  it('ends on contradictory rules, deterministically, hiding what keeps flipping', () => {
    const survey = buildSurvey(
      [page(1, [question(101, 'single_radio'), question(102, 'single_radio')])],
      [
        rule(1, { type: 'hide_question', resource: '101' }, [when(101, 'answered')]),
        rule(1, { type: 'show_question', resource: '102' }, [when(102, 'not_answered')]),
      ],
    );
    const first = evaluateLogic(survey, { '101': ['1'], '102': ['1'] }, desktop);
    const second = evaluateLogic(survey, { '101': ['1'], '102': ['1'] }, desktop);
    expect(first).toEqual(second);
    expect(first.hiddenWidgetIds.has(101)).toBe(true);
  });
});

describe('evaluateLogic: rules naming a question the survey does not have', () => {
  // A widget of a subtype this app does not know is left out of its page (lib/survey-format/page.ts); the rules
  // that read it or act on it stay.
  const survey = buildSurvey(
    [page(1, [question(101, 'single_radio'), question(102, 'single_radio')]), page(2, [question(201, 'single_radio')])],
    [
      rule(1, { type: 'hide_question', resource: '102' }, [when(999, 'not_answered')]),
      rule(1, { type: 'show_page', resource: '2' }, [when(999, 'equals', 1)]),
      rule(1, { type: 'hide_question', resource: '999' }, [when(101, 'answered')]),
      rule(1, { type: 'show_option', resource: '999:1' }, [when(101, 'answered')]),
    ],
  );

  it('reads the missing question as unanswered and acts on nothing for it', () => {
    const state = evaluateLogic(survey, { '101': ['1'] }, desktop);
    expect(state.hiddenWidgetIds.has(102)).toBe(true);
    expect(state.hiddenWidgetIds.has(101)).toBe(false);
    expect([...state.hiddenPageIds]).toEqual([2]);
    expect(state.hiddenOptionIds.size).toBe(0);
  });
});
