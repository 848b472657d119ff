import { pageSchema } from './page';
import type { SurveyDefaults } from './survey-transport';
import { colOptionSchema, widgetItemSchema, widgetSchema } from './widget';

/** The plain-valued fields of a parsed object (a primitive, or an empty list or object), but its identity. */
function plainDefaults<T extends object>(parsed: T, identity: readonly string[]): Partial<T> {
  const entries = Object.entries(parsed).filter(([key, value]) => {
    if (identity.includes(key)) return false;
    if (value === null || typeof value !== 'object') return true;
    return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  });
  return Object.fromEntries(entries) as Partial<T>;
}

/**
 * What the contract fills in when a survey leaves a field out, taken from its schemas by parsing the smallest page,
 * question, option and column: the defaults `compactSurvey` leaves out of what the browser receives. Server code
 * only, so the schemas never reach the browser.
 */
export const SURVEY_DEFAULTS: SurveyDefaults = {
  page: plainDefaults(pageSchema.parse({ id: 1 }), ['id']),
  widget: plainDefaults(widgetSchema.parse({ id: 1, subtype: 'single_radio' }), ['id', 'subtype']),
  item: plainDefaults(widgetItemSchema.parse({ id: 1 }), ['id']),
  column: plainDefaults(colOptionSchema.parse({ id: 1 }), ['id']),
};
