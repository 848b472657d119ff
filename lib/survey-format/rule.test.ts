import { describe, expect, it } from 'vitest';
import { actionTypes, conditionSources, isKnownRule, operators, ruleSchema } from './rule';

describe('ruleSchema', () => {
  const rule = {
    id: 7,
    page_id: 3,
    match: 'any',
    conditions: [
      { source: 'question', source_type: 'value', reference: '101', operator: 'greater_than', operator_value: '5' },
    ],
    action: {
      type: 'finish_survey',
      resource: '',
      finish_redirect_url: 'https://example.com/thanks',
      redirect_parameters: [{ name: 'score', source: 'question', reference: '101' }],
    },
  } as const;

  it('round-trips a full rule', () => {
    expect(ruleSchema.parse(rule)).toEqual(rule);
  });

  it('fills defaults', () => {
    expect(ruleSchema.parse({ id: 1, page_id: 2, action: { type: 'show_page', resource: 5 } })).toEqual({
      id: 1,
      page_id: 2,
      match: 'all',
      conditions: [],
      action: { type: 'show_page', resource: '5', finish_redirect_url: null, redirect_parameters: [] },
    });
  });

  it('turns numeric references and values into strings', () => {
    const parsed = ruleSchema.parse({
      id: 1,
      page_id: 2,
      conditions: [{ source: 'question', reference: 101, operator: 'equals', operator_value: 1 }],
      action: { type: 'hide_option', resource: '101:2' },
    });
    expect(parsed.conditions[0]).toEqual({
      source: 'question',
      source_type: 'item',
      reference: '101',
      operator: 'equals',
      operator_value: '1',
    });
  });

  it('accepts every source, operator and action', () => {
    for (const source of conditionSources)
      for (const operator of operators)
        for (const type of actionTypes)
          expect(
            ruleSchema.safeParse({ id: 1, page_id: 1, conditions: [{ source, operator }], action: { type } }).success,
          ).toBe(true);
  });

  it('rejects unknown operators and actions', () => {
    expect(
      ruleSchema.safeParse({
        id: 1,
        page_id: 1,
        conditions: [{ source: 'question', operator: 'like' }],
        action: { type: 'show_page' },
      }).success,
    ).toBe(false);
    expect(ruleSchema.safeParse({ id: 1, page_id: 1, action: { type: 'explode' } }).success).toBe(false);
  });
});

describe('a condition without a source', () => {
  it('reads from a question, and its rule counts as known', () => {
    const rule = {
      id: 1,
      page_id: 1,
      conditions: [{ reference: '5', operator: 'answered' }],
      action: { type: 'show_page' },
    };
    expect(ruleSchema.parse(rule).conditions[0]?.source).toBe('question');
    expect(isKnownRule(rule)).toBe(true);
    expect(isKnownRule({ ...rule, conditions: [{ source: 'weather', operator: 'answered' }] })).toBe(false);
  });
});
