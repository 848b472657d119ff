import { z } from 'zod';
import {
  enumField,
  idSchema,
  isOneOf,
  isPlainObject,
  listField,
  listOfKnown,
  noteDefaulted,
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
  source: withDefault(enumField(conditionSources), 'question'),
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

/** Whether a condition's source is one this app knows; none is `question` (the default). */
function isKnownSource(source: unknown): boolean {
  return source === undefined || source === null || isOneOf(conditionSources, source);
}

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
      (isKnownSource((condition as { source?: unknown }).source) &&
        isOneOf(operators, (condition as { operator?: unknown }).operator)),
  );
}

/** An id as the format reads one (`7`, `"7"`), or null. */
function idOf(value: unknown): number | null {
  const result = idSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** The page of each widget id of a survey as written: the first page of an id, the first widget of an id. */
function pagesOfWidgets(pages: unknown): Map<number, number> {
  const pageOfWidget = new Map<number, number>();
  const seenPages = new Set<number>();
  const pageList = objectAsList(pages);
  for (const page of Array.isArray(pageList) ? pageList : []) {
    const pageId = isPlainObject(page) ? idOf(page.id) : null;
    if (pageId === null || seenPages.has(pageId)) continue;
    seenPages.add(pageId);
    const widgets = objectAsList((page as Record<string, unknown>).widgets);
    for (const widget of Array.isArray(widgets) ? widgets : []) {
      const widgetId = isPlainObject(widget) ? idOf(widget.id) : null;
      if (widgetId !== null && !pageOfWidget.has(widgetId)) pageOfWidget.set(widgetId, pageId);
    }
  }
  return pageOfWidget;
}

/** The page of the first `question` condition (none written is `question`) that names a widget of the survey. */
function pageOfConditions(rule: Record<string, unknown>, pageOfWidget: ReadonlyMap<number, number>): number | null {
  const conditions = objectAsList(rule.conditions);
  for (const condition of Array.isArray(conditions) ? conditions : []) {
    if (!isPlainObject(condition)) continue;
    const { source } = condition;
    if (source !== undefined && source !== null && !isOneOf(['question'], source)) continue;
    const widgetId = idOf(condition.reference);
    const pageId = widgetId === null ? undefined : pageOfWidget.get(widgetId);
    if (pageId !== undefined) return pageId;
  }
  return null;
}

/**
 * The rules of a survey as written, made whole before they are read (survey.ts), so one rule another backend left
 * incomplete never makes the survey inaccessible. `id` is informational (navigation reports a finish rule's): one
 * missing or unusable is replaced by the rule's negative position, which names no backend's rule. A rule without
 * its page acts from the page of its first question condition's widget; one with none is left out, logged, as a
 * rule acting from no page is never followed.
 */
export function placeRules(survey: unknown): unknown {
  if (!isPlainObject(survey)) return survey;
  const rules = objectAsList(survey.logic_list);
  if (!Array.isArray(rules)) return survey;
  let pageOfWidget: Map<number, number> | null = null;
  const placed = rules.flatMap((rule: unknown, index): unknown[] => {
    if (!isPlainObject(rule)) return [rule];
    let whole = rule;
    if (idOf(rule.id) === null) {
      noteDefaulted(rule.id, 'a rule without a usable id was given its negative position');
      whole = { ...whole, id: -(index + 1) };
    }
    if (idOf(rule.page_id) === null) {
      pageOfWidget ??= pagesOfWidgets(survey.pages);
      const pageId = pageOfConditions(rule, pageOfWidget);
      if (pageId === null) {
        noteDefaulted(rule.page_id, 'a rule with no page to act from was left out');
        return [];
      }
      whole = { ...whole, page_id: pageId };
    }
    return [whole];
  });
  return { ...survey, logic_list: placed };
}
