import { describe, expect, it } from 'vitest';
import type { Content } from '@/lib/survey-format/content';
import { conditionSchema, type Condition, type Operator } from '@/lib/survey-format/rule';
import { evaluateCondition, ruleHolds, type LogicContext } from './evaluate-condition';
import { logicIndexOf } from './logic-index';
import { stateReader, type LogicState } from './logic-state';
import { buildSurvey, page, question } from './test-fixtures';

const survey = buildSurvey([
  page(1, [
    question(101, 'single_radio', { settings: { has_other: true } }),
    question(102, 'multiple_checkbox', { settings: { has_other: true } }),
    question(103, 'freetext_input', {}, 0),
    question(104, 'scale_numeric', {}, 0),
    question(105, 'other_radio_matrix', { col_options: [{ id: 10 }, { id: 20 }] }, 2),
    question(106, 'scale_stars_matrix', {}, 2),
    question(107, 'other_dropdown_matrix', { col_options: [{ id: 10 }, { id: 20 }] }, 2),
    question(108, 'other_datetime', {}, 0),
    question(109, 'freetext_multiple', {}, 2),
    question(110, 'scale_semantic', { settings: { points: 5 } }, 2),
    question(111, 'other_ranking'),
    question(
      112,
      'other_dropdown_matrix',
      {
        col_options: [{ id: 1 }, { id: 2 }],
        settings: { dropdown_items: [1, 2, 3].map((id) => ({ id, value: `D${id}` })) },
      },
      2,
    ),
    question(113, 'freetext_matrix', { col_options: [{ id: 10 }, { id: 20 }] }, 2),
  ]),
]);

const noneHidden = (): LogicState => ({
  hiddenPageIds: new Set(),
  hiddenWidgetIds: new Set(),
  hiddenOptionIds: new Map(),
});
const desktop: LogicContext = { device: 'desktop' };

function check(
  content: Content,
  condition: Partial<Condition> & Pick<Condition, 'operator'>,
  context: LogicContext = desktop,
  state: LogicState = noneHidden(),
): boolean {
  const full: Condition = { source: 'question', source_type: 'item', reference: '', operator_value: '', ...condition };
  return evaluateCondition(full, stateReader(logicIndexOf(survey), content, state), context);
}

const q = (reference: number, operator: Operator, value = '', sourceType: 'item' | 'value' = 'item') => ({
  reference: String(reference),
  operator,
  operator_value: value,
  source_type: sourceType,
});

describe('equals / not_equals', () => {
  it('compares a SINGLE item id', () => {
    expect(check({ '101': ['2'] }, q(101, 'equals', '2'))).toBe(true);
    expect(check({ '101': ['2'] }, q(101, 'equals', '3'))).toBe(false);
    expect(check({ '101': ['2'] }, q(101, 'not_equals', '3'))).toBe(true);
    expect(check({ '101': ['2'] }, q(101, 'not_equals', '2'))).toBe(false);
  });
  it('on a MULTIPLE answer means "the choice includes"', () => {
    expect(check({ '102': ['1', '3'] }, q(102, 'equals', '3'))).toBe(true);
    expect(check({ '102': ['1', '3'] }, q(102, 'equals', '2'))).toBe(false);
    expect(check({ '102': ['1', '3'] }, q(102, 'not_equals', '2'))).toBe(true);
  });
  it('counts "others:|:text" as the item others, and as its text by value', () => {
    const content = { '101': ['others:|:Mi Perro'] };
    expect(check(content, q(101, 'equals', 'others'))).toBe(true);
    expect(check(content, q(101, 'equals', 'mi perro', 'value'))).toBe(true);
    expect(check(content, q(101, 'equals', 'others', 'value'))).toBe(false);
  });
  it('compares values trimmed, case-insensitively and numerically', () => {
    expect(check({ '103': ['  Hola '] }, q(103, 'equals', 'hola', 'value'))).toBe(true);
    expect(check({ '104': ['7'] }, q(104, 'equals', '7.0', 'value'))).toBe(true);
    expect(check({ '104': ['7'] }, q(104, 'equals', '7,5', 'value'))).toBe(false);
  });
  it('matches matrix cells "row:|:col", and a bare row id matches any cell of the row', () => {
    const content = { '105': ['1:|:20', '2:|:empty_row'] };
    expect(check(content, q(105, 'equals', '1:|:20'))).toBe(true);
    expect(check(content, q(105, 'equals', '1:|:10'))).toBe(false);
    expect(check(content, q(105, 'equals', '1'))).toBe(true);
    expect(check(content, q(105, 'equals', '2'))).toBe(false);
    expect(check(content, q(105, 'equals', '2:|:empty_row'))).toBe(false);
  });
  it('compares one MATRIX_VALUE cell when the value is qualified like the answer', () => {
    const stars = { '106': ['1:|:4', '2:|:2'] };
    expect(check(stars, q(106, 'equals', '1:|:4', 'value'))).toBe(true);
    expect(check(stars, q(106, 'equals', '2:|:4', 'value'))).toBe(false);
    expect(check(stars, q(106, 'equals', '2', 'value'))).toBe(true);
    const dropdown = { '107': ['1:|:10:|:7', '2:|:20:|:8'] };
    expect(check(dropdown, q(107, 'equals', '1:|:10:|:7', 'value'))).toBe(true);
    expect(check(dropdown, q(107, 'equals', '1:|:20:|:7', 'value'))).toBe(false);
    expect(check(dropdown, q(107, 'equals', '2:|:20'))).toBe(true);
    expect(check(dropdown, q(107, 'equals', '2'))).toBe(true);
  });
  it('not_equals holds on an unanswered question (exact negation)', () => {
    expect(check({}, q(101, 'equals', '1'))).toBe(false);
    expect(check({}, q(101, 'not_equals', '1'))).toBe(true);
  });
});

describe('contains / not_contains', () => {
  it('is a case-insensitive substring on values', () => {
    expect(check({ '103': ['Me gusta el CAFÉ'] }, q(103, 'contains', 'café', 'value'))).toBe(true);
    expect(check({ '103': ['Me gusta el té'] }, q(103, 'contains', 'café', 'value'))).toBe(false);
    expect(check({ '103': ['Me gusta el té'] }, q(103, 'not_contains', 'café', 'value'))).toBe(true);
    expect(check({}, q(103, 'not_contains', 'café', 'value'))).toBe(true);
  });
  it('is list membership on item ids (no substring: 1 does not contain 11)', () => {
    expect(check({ '102': ['11'] }, q(102, 'contains', '1'))).toBe(false);
    expect(check({ '102': ['1', '3'] }, q(102, 'contains', '3'))).toBe(true);
    expect(check({ '102': ['1', '3'] }, q(102, 'not_contains', '3'))).toBe(false);
  });
  it('searches the other text by value', () => {
    expect(check({ '102': ['1', 'others:|:un gato'] }, q(102, 'contains', 'GATO', 'value'))).toBe(true);
  });
  it('never finds an empty needle', () => {
    expect(check({ '103': ['Hola'] }, q(103, 'contains', '', 'value'))).toBe(false);
    expect(check({ '103': ['Hola'] }, q(103, 'not_contains', '  ', 'value'))).toBe(true);
    expect(check({ '109': ['1:|:12'] }, q(109, 'contains', '1:|:', 'value'))).toBe(false);
    const params = { 'url_param:src': ['newsletter'] };
    expect(check(params, { source: 'url_param', reference: 'src', operator: 'contains', operator_value: '' })).toBe(
      false,
    );
  });
});

describe('source_type item on a question that lists no options', () => {
  it('compares as source_type value does', () => {
    expect(check({ '103': ['Hello World'] }, q(103, 'contains', 'world'))).toBe(true);
    expect(check({ '103': ['Hello World'] }, q(103, 'not_contains', 'world'))).toBe(false);
    expect(check({ '103': ['  Hola '] }, q(103, 'equals', 'hola'))).toBe(true);
    expect(check({ '104': ['7'] }, q(104, 'equals', '7.0'))).toBe(true);
    expect(check({ '108': ['2026-11-22T10:30'] }, q(108, 'equals', '2026-11-22'))).toBe(true);
    expect(check({ '103': ['Rojo'] }, q(103, 'any_of', 'verde:|:rojo'))).toBe(true);
  });
  it('also when the rule leaves source_type out (item by default)', () => {
    const condition = conditionSchema.parse({
      source: 'question',
      reference: '103',
      operator: 'contains',
      operator_value: 'world',
    });
    const reader = stateReader(logicIndexOf(survey), { '103': ['Hello World'] }, noneHidden());
    expect(evaluateCondition(condition, reader, desktop)).toBe(true);
  });
});

describe('ordered comparisons', () => {
  const scale = { '104': ['7'] };
  it.each([
    ['greater_than', '6', true],
    ['greater_than', '7', false],
    ['greater_or_equal', '7', true],
    ['greater_or_equal', '8', false],
    ['less_than', '8', true],
    ['less_than', '7', false],
    ['less_or_equal', '7', true],
    ['less_or_equal', '6.5', false],
  ] as const)('%s %s on 7 → %s', (operator, value, expected) => {
    expect(check(scale, q(104, operator, value, 'value'))).toBe(expected);
    expect(check(scale, q(104, operator, value, 'item'))).toBe(expected);
  });
  it('orders no choice or ranking answer by item: their ids name options, not amounts', () => {
    expect(check({ '101': ['2'] }, q(101, 'greater_than', '1'))).toBe(false);
    expect(check({ '101': ['2'] }, q(101, 'less_or_equal', '5'))).toBe(false);
    expect(check({ '102': ['3'] }, q(102, 'greater_or_equal', '1'))).toBe(false);
    expect(check({ '111': ['3', '1', '2'] }, q(111, 'less_than', '5'))).toBe(false);
    // A matrix cell's value still orders (a semantic scale's point).
    expect(check({ '110': ['1:|:4'] }, q(110, 'greater_than', '3'))).toBe(true);
  });
  it('is false on anything that is not a number', () => {
    expect(check({ '103': ['abc'] }, q(103, 'greater_than', '1', 'value'))).toBe(false);
    expect(check({ '104': ['7'] }, q(104, 'greater_than', 'x', 'value'))).toBe(false);
    expect(check({ '104': ['7'] }, q(104, 'less_than', '', 'value'))).toBe(false);
    expect(check({}, q(104, 'less_than', '5', 'value'))).toBe(false);
  });
  it('accepts decimal commas', () => {
    expect(check({ '103': ['2,5'] }, q(103, 'greater_than', '2.4', 'value'))).toBe(true);
  });
  it('compares ISO dates and times chronologically at the shorter precision', () => {
    const date = { '108': ['2026-11-22T10:30'] };
    expect(check(date, q(108, 'greater_than', '2026-11-21', 'value'))).toBe(true);
    expect(check(date, q(108, 'greater_than', '2026-11-22', 'value'))).toBe(false);
    expect(check(date, q(108, 'greater_or_equal', '2026-11-22', 'value'))).toBe(true);
    expect(check(date, q(108, 'less_than', '2026-11-22T11:00', 'value'))).toBe(true);
    expect(check({ '108': ['09:15'] }, q(108, 'less_than', '10:00', 'value'))).toBe(true);
  });
  it("compares an option matrix's points (a semantic scale) in one row when qualified, any row otherwise", () => {
    const semantic = { '110': ['1:|:4', '2:|:2'] };
    expect(check(semantic, q(110, 'greater_than', '3', 'value'))).toBe(true);
    expect(check(semantic, q(110, 'greater_or_equal', '1:|:4', 'value'))).toBe(true);
    expect(check(semantic, q(110, 'greater_or_equal', '2:|:4', 'value'))).toBe(false);
    expect(check(semantic, q(110, 'equals', '1:|:4', 'value'))).toBe(true);
    expect(check(semantic, q(110, 'equals', '1:|:4'))).toBe(true);
    expect(check(semantic, q(110, 'less_than', '1', 'value'))).toBe(false);
  });
  it('equals a date at the shorter precision too, as <= and >= do', () => {
    const date = { '108': ['2026-11-22T10:30'] };
    expect(check(date, q(108, 'equals', '2026-11-22', 'value'))).toBe(true);
    expect(check(date, q(108, 'not_equals', '2026-11-22', 'value'))).toBe(false);
    expect(check(date, q(108, 'equals', '2026-11-23', 'value'))).toBe(false);
    expect(check({ '108': ['10:30'] }, q(108, 'equals', '10:30:00', 'value'))).toBe(true);
  });
  it('compares one stars-matrix cell when qualified, any cell otherwise', () => {
    const stars = { '106': ['1:|:4', '2:|:2'] };
    expect(check(stars, q(106, 'greater_or_equal', '4', 'value'))).toBe(true);
    expect(check(stars, q(106, 'greater_or_equal', '2:|:4', 'value'))).toBe(false);
    expect(check(stars, q(106, 'less_than', '2:|:3', 'value'))).toBe(true);
  });
});

describe('answered / not_answered', () => {
  it('sees any answer, ignoring empty matrix rows and blank cells', () => {
    expect(check({ '101': ['1'] }, q(101, 'answered'))).toBe(true);
    expect(check({ '101': [] }, q(101, 'answered'))).toBe(false);
    expect(check({}, q(101, 'not_answered'))).toBe(true);
    expect(check({ '105': ['1:|:empty_row', '2:|:empty_row'] }, q(105, 'answered'))).toBe(false);
    expect(check({ '109': ['1:|:', '2:|: '] }, q(109, 'not_answered'))).toBe(true);
    expect(check({ '109': ['1:|:', '2:|:5'] }, q(109, 'answered'))).toBe(true);
    expect(check({ '103': [''] }, q(103, 'answered', '', 'value'))).toBe(false);
  });
});

describe('any_of / none_of / all_of', () => {
  const multi = { '102': ['1', '3'] };
  it('reads a :|:-joined list', () => {
    expect(check(multi, q(102, 'any_of', '2:|:3'))).toBe(true);
    expect(check(multi, q(102, 'any_of', '2'))).toBe(false);
    expect(check(multi, q(102, 'none_of', '2'))).toBe(true);
    expect(check(multi, q(102, 'none_of', '2:|:3'))).toBe(false);
    expect(check(multi, q(102, 'all_of', '1:|:3'))).toBe(true);
    expect(check(multi, q(102, 'all_of', '1:|:2:|:3'))).toBe(false);
  });
  it('never holds with an empty list; none_of holds then', () => {
    expect(check(multi, q(102, 'any_of', ''))).toBe(false);
    expect(check(multi, q(102, 'all_of', ':|:'))).toBe(false);
    expect(check(multi, q(102, 'none_of', ''))).toBe(true);
  });
  it('regroups matrix cells from the flat list', () => {
    const matrix = { '105': ['1:|:20', '2:|:10'] };
    expect(check(matrix, q(105, 'all_of', '1:|:20:|:2:|:10'))).toBe(true);
    expect(check(matrix, q(105, 'all_of', '1:|:20:|:2:|:20'))).toBe(false);
    expect(check(matrix, q(105, 'any_of', '1:|:10:|:2:|:10'))).toBe(true);
  });
  it('reads a list as rows unless every second part is a column of the matrix', () => {
    const matrix = { '105': ['2:|:10'] };
    expect(check(matrix, q(105, 'any_of', '1:|:2'))).toBe(true);
    expect(check(matrix, q(105, 'none_of', '1:|:2'))).toBe(false);
    expect(check(matrix, q(105, 'all_of', '1:|:2'))).toBe(false);
    expect(check(matrix, q(105, 'any_of', '1:|:2:|:3'))).toBe(true);
    expect(check(matrix, q(105, 'any_of', '2:|:10'))).toBe(true);
    expect(check(matrix, q(105, 'any_of', '2:|:20'))).toBe(false);
    expect(check(matrix, q(105, 'none_of', '1:|:10:|:2:|:20'))).toBe(true);
  });
  it('reads a semantic scale’s points as its columns', () => {
    const semantic = { '110': ['1:|:4'] };
    expect(check(semantic, q(110, 'any_of', '1:|:4'))).toBe(true);
    expect(check(semantic, q(110, 'any_of', '1:|:2'))).toBe(false);
    expect(check(semantic, q(110, 'none_of', '2:|:4'))).toBe(true);
  });
  it('compares values in the list by value', () => {
    expect(check({ '103': ['Rojo'] }, q(103, 'any_of', 'verde:|:rojo', 'value'))).toBe(true);
  });
  it('regroups "row:|:col:|:value" cells from a value list on a dropdown or free-text matrix', () => {
    const dropdown = { '107': ['1:|:10:|:7', '2:|:10:|:3'] };
    expect(check(dropdown, q(107, 'any_of', '1:|:10:|:3:|:2:|:20:|:7', 'value'))).toBe(false);
    expect(check(dropdown, q(107, 'any_of', '1:|:10:|:3:|:2:|:10:|:3', 'value'))).toBe(true);
    expect(check(dropdown, q(107, 'all_of', '1:|:10:|:7:|:2:|:10:|:3', 'value'))).toBe(true);
    expect(check(dropdown, q(107, 'all_of', '1:|:10:|:7:|:2:|:10:|:7', 'value'))).toBe(false);
    expect(check(dropdown, q(107, 'none_of', '2:|:10:|:7', 'value'))).toBe(true);
    const text = { '113': ['1:|:10:|:Rojo', '2:|:20:|:Verde'] };
    expect(check(text, q(113, 'any_of', '1:|:20:|:rojo:|:2:|:10:|:verde', 'value'))).toBe(false);
    expect(check(text, q(113, 'any_of', '1:|:20:|:rojo:|:2:|:20:|:verde', 'value'))).toBe(true);
  });
  it('reads a value list as plain values when it does not name a row and a column in each cell’s places', () => {
    const dropdown = { '107': ['1:|:10:|:7', '2:|:10:|:3'] };
    expect(check(dropdown, q(107, 'any_of', '7:|:9', 'value'))).toBe(true);
    expect(check(dropdown, q(107, 'any_of', '3:|:10:|:7', 'value'))).toBe(true);
    // The dropdown's own choices stay choices, even where they could read as a row, a column and a value.
    expect(check({ '112': ['2:|:1:|:3'] }, q(112, 'any_of', '1:|:2:|:3', 'value'))).toBe(true);
    expect(check({ '112': ['2:|:1:|:3'] }, q(112, 'all_of', '1:|:2:|:3', 'value'))).toBe(false);
  });
});

describe('sources other than questions', () => {
  it('reads custom fields and URL parameters from content', () => {
    const content = { 'custom_field:dept': ['Ventas'], 'url_param:src': ['newsletter'] };
    expect(
      check(content, { source: 'custom_field', reference: 'dept', operator: 'equals', operator_value: 'ventas' }),
    ).toBe(true);
    expect(
      check(content, { source: 'url_param', reference: 'src', operator: 'contains', operator_value: 'news' }),
    ).toBe(true);
    expect(check(content, { source: 'url_param', reference: 'missing', operator: 'not_answered' })).toBe(true);
    expect(
      check(content, { source: 'url_param', reference: 'src', operator: 'any_of', operator_value: 'ad:|:newsletter' }),
    ).toBe(true);
  });
  it('reads the e-mail field: the custom field it names, `email` by default', () => {
    const content = { 'custom_field:email': ['Ana@Example.com'], 'custom_field:work_mail': ['ana@corp.example'] };
    expect(check(content, { source: 'email_field', operator: 'contains', operator_value: '@example.com' })).toBe(true);
    expect(
      check(content, {
        source: 'email_field',
        reference: 'work_mail',
        operator: 'equals',
        operator_value: 'ANA@corp.example',
      }),
    ).toBe(true);
    expect(check({}, { source: 'email_field', operator: 'answered' })).toBe(false);
  });
  it('compares the screen', () => {
    expect(check({}, { source: 'screen', operator: 'equals', operator_value: 'mobile' }, { device: 'mobile' })).toBe(
      true,
    );
    expect(check({}, { source: 'screen', operator: 'equals', operator_value: 'mobile' }, { device: 'tablet' })).toBe(
      false,
    );
    expect(check({}, { source: 'screen', operator: 'none_of', operator_value: 'mobile:|:tablet' })).toBe(true);
  });
  it('treats an unknown or malformed question reference as unanswered', () => {
    expect(check({ '999': ['1'] }, q(999, 'answered'))).toBe(false);
    expect(check({}, { reference: 'abc', operator: 'not_answered' })).toBe(true);
  });
  it('treats a hidden question as unanswered and drops hidden options', () => {
    const state = noneHidden();
    state.hiddenWidgetIds.add(101);
    expect(check({ '101': ['1'] }, q(101, 'answered'), desktop, state)).toBe(false);
    const options = noneHidden();
    options.hiddenOptionIds.set(102, new Set([3]));
    expect(check({ '102': ['1', '3'] }, q(102, 'equals', '3'), desktop, options)).toBe(false);
    expect(check({ '102': ['1', '3'] }, q(102, 'equals', '1'), desktop, options)).toBe(true);
  });
});

describe('ruleHolds', () => {
  const reader = stateReader(logicIndexOf(survey), { '101': ['1'], '104': ['3'] }, noneHidden());
  const yes: Condition = {
    source: 'question',
    source_type: 'item',
    reference: '101',
    operator: 'equals',
    operator_value: '1',
  };
  const no: Condition = { ...yes, operator_value: '2' };
  it('combines with all / any', () => {
    expect(ruleHolds({ match: 'all', conditions: [yes, no] }, reader, desktop)).toBe(false);
    expect(ruleHolds({ match: 'any', conditions: [yes, no] }, reader, desktop)).toBe(true);
    expect(ruleHolds({ match: 'all', conditions: [yes, yes] }, reader, desktop)).toBe(true);
    expect(ruleHolds({ match: 'any', conditions: [no, no] }, reader, desktop)).toBe(false);
  });
  it('holds without conditions, for either match', () => {
    expect(ruleHolds({ match: 'all', conditions: [] }, reader, desktop)).toBe(true);
    expect(ruleHolds({ match: 'any', conditions: [] }, reader, desktop)).toBe(true);
  });
});
