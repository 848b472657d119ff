import { splitAnswer, type Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import { ruleHolds, type AnswerReader, type LogicContext } from './evaluate-condition';
import { logicIndexOf, type LogicIndex, type TargetRules } from './logic-index';

/** What is hidden right now, by own flags and by show/hide rules. */
export type LogicState = {
  hiddenPageIds: Set<number>;
  /** Every widget not shown: hidden itself, or on a hidden page. */
  hiddenWidgetIds: Set<number>;
  /** Options hidden by show_option / hide_option, by widget id. */
  hiddenOptionIds: Map<number, Set<number>>;
};

/**
 * The answer of a question without the options hidden in `hiddenItems` (by item id, the part before `:|:`, so
 * matrix rows hidden as options drop their cells too).
 */
export function withoutHiddenOptions(
  answer: readonly string[],
  hiddenItems: ReadonlySet<number> | undefined,
): readonly string[] {
  if (!hiddenItems || hiddenItems.size === 0) return answer;
  return answer.filter((entry) => {
    const id = Number(splitAnswer(entry, 2)[0]);
    return !(Number.isInteger(id) && hiddenItems.has(id));
  });
}

const EMPTY: readonly string[] = [];

/** Rules read answers through the state being computed: a hidden question is unanswered, a hidden option unchosen. */
export function stateReader(index: LogicIndex, content: Content, state: LogicState): AnswerReader {
  return {
    widget: (id) => index.widgets.get(id),
    answer: (widgetId) => {
      if (state.hiddenWidgetIds.has(widgetId)) return EMPTY;
      const pageId = index.pageOfWidget.get(widgetId);
      if (pageId !== undefined && state.hiddenPageIds.has(pageId)) return EMPTY;
      return withoutHiddenOptions(content[String(widgetId)] ?? EMPTY, state.hiddenOptionIds.get(widgetId));
    },
    entry: (key) => content[key] ?? EMPTY,
  };
}

/**
 * Hidden when a hide rule holds (hide wins over show), or when the target starts hidden — its own flag, or a
 * show rule exists — and no show rule holds.
 */
function isTargetHidden(entry: TargetRules, reader: AnswerReader, context: LogicContext): boolean {
  if (entry.hideRules.some((rule) => ruleHolds(rule, reader, context))) return true;
  if (!entry.hiddenByDefault && entry.showRules.length === 0) return false;
  return !entry.showRules.some((rule) => ruleHolds(rule, reader, context));
}

function isHiddenNow(entry: TargetRules, state: LogicState): boolean {
  const target = entry.target;
  if (target.kind === 'page') return state.hiddenPageIds.has(target.pageId);
  if (target.kind === 'widget') return state.hiddenWidgetIds.has(target.widgetId);
  return state.hiddenOptionIds.get(target.widgetId)?.has(target.itemId) ?? false;
}

function setHidden(entry: TargetRules, state: LogicState, hidden: boolean): void {
  const target = entry.target;
  if (target.kind === 'page') {
    if (hidden) state.hiddenPageIds.add(target.pageId);
    else state.hiddenPageIds.delete(target.pageId);
  } else if (target.kind === 'widget') {
    if (hidden) state.hiddenWidgetIds.add(target.widgetId);
    else state.hiddenWidgetIds.delete(target.widgetId);
  } else {
    let set = state.hiddenOptionIds.get(target.widgetId);
    if (hidden) {
      if (!set) state.hiddenOptionIds.set(target.widgetId, (set = new Set()));
      set.add(target.itemId);
    } else if (set) {
      set.delete(target.itemId);
      if (set.size === 0) state.hiddenOptionIds.delete(target.widgetId);
    }
  }
}

/** Targets to look at again after `flipped` changed, in survey order, each once. */
function affectedBy(
  flipped: readonly TargetRules[],
  index: LogicIndex,
  order: Map<TargetRules, number>,
): TargetRules[] {
  if (flipped.length === 0) return [];
  const affected = new Set<TargetRules>();
  const addReaders = (widgetId: number) => {
    for (const entry of index.dependents.get(widgetId) ?? []) affected.add(entry);
  };
  for (const entry of flipped) {
    const target = entry.target;
    if (target.kind === 'page') {
      for (const widget of index.pages.get(target.pageId)?.widgets ?? []) addReaders(widget.id);
    } else {
      // A hidden option changes what its question's answer reads as, just like hiding the question.
      addReaders(target.widgetId);
    }
  }
  return [...affected].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** Passes before giving up on a rule set that never settles (see `evaluateLogic`). */
const EXTRA_PASSES = 2;

/**
 * What is hidden for these answers. Live: call it again after every change.
 *
 * Rules that read a hidden question see it unanswered, and hiding a question can change other rules, so the
 * state is computed to a fixpoint. Targets are updated in survey order within a pass (each rule sees the newest
 * state), so rules that read earlier questions settle in one pass and a second pass confirms. Contradictory
 * rules ("hide Q1 when Q1 is answered") have no fixpoint; after `targets + 2` passes, whatever still flips in the
 * last pass is hidden, so the result is deterministic and evaluation always ends.
 *
 * Own `hidden` flags: a hidden page or widget stays hidden unless a show rule for it holds.
 */
export function evaluateLogic(survey: Survey, content: Content, context: LogicContext): LogicState {
  const index = logicIndexOf(survey);
  const state: LogicState = {
    hiddenPageIds: new Set(index.staticHiddenPages),
    hiddenWidgetIds: new Set(index.staticHiddenWidgets),
    hiddenOptionIds: new Map(),
  };
  // Start from each target's default (flag), so a survey whose rules never fire needs one confirming pass.
  for (const entry of index.targets) setHidden(entry, state, entry.hiddenByDefault);

  const reader = stateReader(index, content, state);
  const order = new Map(index.targets.map((entry, at) => [entry, at]));
  const maxPasses = index.targets.length + EXTRA_PASSES;
  // The first pass looks at every target; later passes only at targets whose rules read a question whose
  // visibility flipped (indexed by source question), so confirming a settled state costs almost nothing.
  let pending: TargetRules[] = index.targets;
  let flipped: TargetRules[] = [];
  for (let pass = 0; pass < maxPasses && pending.length > 0; pass += 1) {
    flipped = [];
    for (const entry of pending) {
      const hidden = isTargetHidden(entry, reader, context);
      if (hidden !== isHiddenNow(entry, state)) {
        setHidden(entry, state, hidden);
        flipped.push(entry);
      }
    }
    pending = affectedBy(flipped, index, order);
  }
  // Rules without a fixpoint: whatever still flipped in the last pass is hidden, so the result is deterministic.
  if (pending.length > 0) for (const entry of flipped) setHidden(entry, state, true);

  // Widgets of hidden pages are hidden too: consumers need one set to prune, number and validate by.
  for (const pageId of state.hiddenPageIds) {
    for (const widget of index.pages.get(pageId)?.widgets ?? []) state.hiddenWidgetIds.add(widget.id);
  }
  return state;
}
