import { z } from 'zod';
import {
  enumField,
  idSchema,
  isOneOf,
  listField,
  listOfKnown,
  nullableField,
  objectAsList,
  readAfter,
  stringRefSchema,
  withDefault,
  withFallback,
} from './schema-helpers';

/** Where a condition (or a redirect parameter) reads its value. */
export const conditionSources = ['question', 'custom_field', 'url_param', 'email_field', 'screen'] as const;

/** `item` compares option ids, `value` compares entered values. */
export const conditionSourceTypes = ['item', 'value'] as const;

export const operators = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'greater_than',
  'greater_or_equal',
  'less_than',
  'less_or_equal',
  'answered',
  'not_answered',
  'any_of',
  'none_of',
  'all_of',
] as const;
export type Operator = (typeof operators)[number];

export const actionTypes = [
  'show_page',
  'hide_page',
  'jump_page',
  'finish_survey',
  'show_question',
  'hide_question',
  'show_option',
  'hide_option',
] as const;

/** Screens compared by a `screen` condition. */
export const screenTypes = ['desktop', 'mobile', 'tablet'] as const;
export type ScreenType = (typeof screenTypes)[number];

/**
 * An operator's value as the format writes it: one string, several joined by `:|:`. Also read from a list of them
 * (`["1", "2"]`), a number or a flag.
 */
function operatorValueOf(value: unknown): unknown {
  if (typeof value === 'boolean') return String(value);
  if (!Array.isArray(value) || value.length === 0) return value;
  return value.every((entry) => typeof entry === 'string' || typeof entry === 'number') ? value.join(':|:') : value;
}

export const conditionSchema = z.object({
  source: enumField(conditionSources),
  source_type: withFallback(enumField(conditionSourceTypes), 'item'),
  /** Widget id, field or parameter name; empty for `screen`. Numbers are accepted and become strings. */
  reference: withDefault(stringRefSchema, ''),
  operator: enumField(operators),
  operator_value: withDefault(readAfter(operatorValueOf, stringRefSchema), ''),
});
export type Condition = z.infer<typeof conditionSchema>;

export const redirectParameterSchema = z.object({
  name: z.string().min(1),
  source: enumField(conditionSources),
  reference: withDefault(stringRefSchema, ''),
});
export type RedirectParameter = z.infer<typeof redirectParameterSchema>;

export const ruleActionSchema = z.object({
  type: enumField(actionTypes),
  /** Page id, widget id, or `"<widget id>:<item id>"` for options; empty for `finish_survey`. */
  resource: withDefault(stringRefSchema, ''),
  finish_redirect_url: nullableField(z.string()),
  /** A parameter read from a source this app does not know, or with no name, is left out. */
  redirect_parameters: listOfKnown(
    redirectParameterSchema,
    (parameter) =>
      isOneOf(conditionSources, parameter.source) && typeof parameter.name === 'string' && parameter.name !== '',
  ),
});

export const ruleMatches = ['all', 'any'] as const;

export const ruleSchema = z.object({
  id: idSchema,
  /** The page whose answers the rule reads and acts from. */
  page_id: idSchema,
  match: withFallback(enumField(ruleMatches), 'all'),
  conditions: listField(conditionSchema),
  action: ruleActionSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

/**
 * Whether a rule names only kinds this app knows: its action's type, and each condition's source and operator. A
 * rule that names another cannot be followed, so the survey leaves it out (survey.ts) rather than guess.
 */
export function isKnownRule(rule: Record<string, unknown>): boolean {
  const action = rule.action;
  if (typeof action !== 'object' || action === null || !isOneOf(actionTypes, (action as { type?: unknown }).type)) {
    return false;
  }
  const conditions = objectAsList(rule.conditions);
  if (!Array.isArray(conditions)) return true;
  return conditions.every(
    (condition: unknown) =>
      typeof condition !== 'object' ||
      condition === null ||
      (isOneOf(conditionSources, (condition as { source?: unknown }).source) &&
        isOneOf(operators, (condition as { operator?: unknown }).operator)),
  );
}
