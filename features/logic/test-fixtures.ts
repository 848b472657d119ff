import { surveySchema, type Survey, type SurveyInput } from '@/lib/survey-format/survey';

/**
 * Test-only builders (imported by the *.test.ts files of this folder): surveys go through the real schema, so
 * tests see the same defaults as the app.
 */
type PageInput = NonNullable<SurveyInput['pages']>[number];
type WidgetInput = NonNullable<PageInput['widgets']>[number];
type RuleInput = NonNullable<SurveyInput['logic_list']>[number];

export function buildSurvey(pages: PageInput[], rules: RuleInput[] = [], extra: Partial<SurveyInput> = {}): Survey {
  return surveySchema.parse({
    survey_id: 1,
    languages: [
      { code: 'es', is_original: true },
      { code: 'en', is_original: false },
    ],
    ...extra,
    pages,
    logic_list: rules,
  });
}

export function page(id: number, widgets: WidgetInput[], extra: Partial<PageInput> = {}): PageInput {
  return { id, widgets, ...extra };
}

/** A question with items 1..n labelled `{es: 'Opción i', en: 'Option i'}`. */
export function question(
  id: number,
  subtype: WidgetInput['subtype'],
  extra: Partial<WidgetInput> = {},
  itemCount = 3,
): WidgetInput {
  return {
    id,
    subtype,
    title: `Q${id}`,
    items: Array.from({ length: itemCount }, (_, index) => ({
      id: index + 1,
      value: { es: `Opción ${index + 1}`, en: `Option ${index + 1}` },
    })),
    ...extra,
  };
}

let nextRuleId = 1;

export function rule(
  pageId: number,
  action: RuleInput['action'],
  conditions: RuleInput['conditions'] = [],
  match: 'all' | 'any' = 'all',
): RuleInput {
  return { id: nextRuleId++, page_id: pageId, match, conditions, action };
}

export function when(
  reference: string | number,
  operator: NonNullable<RuleInput['conditions']>[number]['operator'],
  operatorValue: string | number = '',
  sourceType: 'item' | 'value' = 'item',
): NonNullable<RuleInput['conditions']>[number] {
  return {
    source: 'question',
    source_type: sourceType,
    reference: String(reference),
    operator,
    operator_value: String(operatorValue),
  };
}
