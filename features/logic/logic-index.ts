import type { Page } from '@/lib/survey-format/page';
import type { Rule } from '@/lib/survey-format/rule';
import type { Survey } from '@/lib/survey-format/survey';
import type { Widget } from '@/lib/survey-format/widget';

/** A show/hide target, resolved from a rule's `resource` once. */
export type VisibilityTarget =
  | { kind: 'page'; pageId: number }
  | { kind: 'widget'; widgetId: number }
  | { kind: 'option'; widgetId: number; itemId: number };

/** All visibility rules of one target, in survey order. */
export type TargetRules = {
  target: VisibilityTarget;
  /** Hidden by its own `hidden` flag until a show rule holds. */
  hiddenByDefault: boolean;
  showRules: Rule[];
  hideRules: Rule[];
};

/** Lookups precomputed once per survey, so re-evaluating on every answer change is linear in the rules. */
export type LogicIndex = {
  pages: Map<number, Page>;
  pageOrder: number[];
  widgets: Map<number, Widget>;
  pageOfWidget: Map<number, number>;
  /** Targets in survey order (pages, then each page's widgets, then their options), so rules that read earlier
   * questions and act on later ones settle in one pass. */
  targets: TargetRules[];
  /**
   * Targets whose rules read each question (by widget id): when a question's visibility flips, only these need
   * another look. Targets whose rules read no question (screen, fields, parameters) depend on nothing that
   * changes during an evaluation.
   */
  dependents: Map<number, TargetRules[]>;
  /** jump_page and finish_survey rules by the page they act from, in `logic_list` order. */
  flowRules: Map<number, Rule[]>;
  /** Pages and widgets whose own flag hides them but that no rule targets. */
  staticHiddenPages: number[];
  staticHiddenWidgets: number[];
};

function parseId(value: string): number | null {
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) ? id : null;
}

function targetOf(rule: Rule): VisibilityTarget | null {
  const { type, resource } = rule.action;
  switch (type) {
    case 'show_page':
    case 'hide_page': {
      const pageId = parseId(resource);
      return pageId === null ? null : { kind: 'page', pageId };
    }
    case 'show_question':
    case 'hide_question': {
      const widgetId = parseId(resource);
      return widgetId === null ? null : { kind: 'widget', widgetId };
    }
    case 'show_option':
    case 'hide_option': {
      // "<widget id>:<item id>"; the separator is a plain colon, not the answer separator.
      const [widget, item, ...rest] = resource.split(':');
      if (rest.length > 0 || widget === undefined || item === undefined) return null;
      const widgetId = parseId(widget);
      const itemId = parseId(item);
      return widgetId === null || itemId === null ? null : { kind: 'option', widgetId, itemId };
    }
    default:
      return null;
  }
}

function targetKey(target: VisibilityTarget): string {
  if (target.kind === 'page') return `p${target.pageId}`;
  if (target.kind === 'widget') return `w${target.widgetId}`;
  return `o${target.widgetId}:${target.itemId}`;
}

function buildIndex(survey: Survey): LogicIndex {
  const pages = new Map<number, Page>();
  const widgets = new Map<number, Widget>();
  const pageOfWidget = new Map<number, number>();
  // Position of every possible target in survey order.
  const position = new Map<string, number>();
  let counter = 0;
  for (const page of survey.pages) {
    pages.set(page.id, page);
    position.set(targetKey({ kind: 'page', pageId: page.id }), counter++);
    for (const widget of page.widgets) {
      widgets.set(widget.id, widget);
      pageOfWidget.set(widget.id, page.id);
      position.set(targetKey({ kind: 'widget', widgetId: widget.id }), counter++);
      for (const item of widget.items) {
        position.set(targetKey({ kind: 'option', widgetId: widget.id, itemId: item.id }), counter++);
      }
    }
  }

  const byTarget = new Map<string, TargetRules>();
  const flowRules = new Map<number, Rule[]>();
  for (const rule of survey.logic_list) {
    const type = rule.action.type;
    if (type === 'jump_page' || type === 'finish_survey') {
      const list = flowRules.get(rule.page_id);
      if (list) list.push(rule);
      else flowRules.set(rule.page_id, [rule]);
      continue;
    }
    const target = targetOf(rule);
    // A rule aimed at something the survey does not have changes nothing.
    if (!target || !position.has(targetKey(target))) continue;
    const key = targetKey(target);
    let entry = byTarget.get(key);
    if (!entry) {
      const hiddenByDefault =
        target.kind === 'page'
          ? (pages.get(target.pageId)?.hidden ?? false)
          : target.kind === 'widget'
            ? (widgets.get(target.widgetId)?.hidden ?? false)
            : false;
      entry = { target, hiddenByDefault, showRules: [], hideRules: [] };
      byTarget.set(key, entry);
    }
    if (type.startsWith('show_')) entry.showRules.push(rule);
    else entry.hideRules.push(rule);
  }

  const targets = [...byTarget.entries()]
    .sort(([a], [b]) => (position.get(a) ?? 0) - (position.get(b) ?? 0))
    .map(([, entry]) => entry);
  const dependents = new Map<number, TargetRules[]>();
  for (const entry of targets) {
    const read = new Set<number>();
    for (const rule of [...entry.showRules, ...entry.hideRules]) {
      for (const condition of rule.conditions) {
        if (condition.source !== 'question') continue;
        const id = parseId(condition.reference);
        if (id !== null && widgets.has(id)) read.add(id);
      }
    }
    for (const id of read) {
      const list = dependents.get(id);
      if (list) list.push(entry);
      else dependents.set(id, [entry]);
    }
  }
  const staticHiddenPages = survey.pages.filter((page) => page.hidden && !byTarget.has(`p${page.id}`)).map((p) => p.id);
  const staticHiddenWidgets = [...widgets.values()]
    .filter((widget) => widget.hidden && !byTarget.has(`w${widget.id}`))
    .map((widget) => widget.id);

  return {
    pages,
    pageOrder: survey.pages.map((page) => page.id),
    widgets,
    pageOfWidget,
    targets,
    dependents,
    flowRules,
    staticHiddenPages,
    staticHiddenWidgets,
  };
}

// Surveys are immutable once parsed; caching by identity makes every call after the first O(1) to set up.
const cache = new WeakMap<Survey, LogicIndex>();

/** The survey's lookups, built on first use and cached for the survey object's lifetime. */
export function logicIndexOf(survey: Survey): LogicIndex {
  let index = cache.get(survey);
  if (!index) {
    index = buildIndex(survey);
    cache.set(survey, index);
  }
  return index;
}
