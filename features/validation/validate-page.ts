import type { Content } from '@/lib/survey-format/content';
import { splitAnswer } from '@/lib/survey-format/content';
import type { Widget } from '@/lib/survey-format/widget';
import { validateAnswer, type ValidationConfig } from './validate-answer';
import type { ValidationIssue } from './validation-issue';

// With the checks, in their chunk (page-checks.ts): one import brings a page's checks and what a pattern check needs.
export { isPatternEngineReady, loadPatternEngine } from './value-checks';

/**
 * What validation needs of the logic state (features/logic's `LogicState` fits; declared here because a
 * feature does not import another).
 */
export type VisibilityState = {
  hiddenWidgetIds: ReadonlySet<number>;
  hiddenOptionIds?: ReadonlyMap<number, ReadonlySet<number>>;
};

/**
 * The widget as the respondent sees it: options (or matrix rows) hidden by logic removed, and the answer without
 * them, so a hidden option neither counts as chosen nor as a row left unanswered.
 */
export function visibleView(
  widget: Widget,
  answer: readonly string[],
  hiddenItems: ReadonlySet<number> | undefined,
): { widget: Widget; answer: string[] } {
  if (!hiddenItems || hiddenItems.size === 0) return { widget, answer: [...answer] };
  const hidden = new Set([...hiddenItems].map(String));
  return {
    widget: { ...widget, items: widget.items.filter((item) => !hidden.has(String(item.id))) },
    answer: answer.filter((entry) => !hidden.has(splitAnswer(entry, 2)[0] ?? '')),
  };
}

/**
 * Issues of the visible questions of a page, by widget id, in page order. Hidden questions are never validated:
 * their answers are not sent, so they must not block the respondent.
 */
export function validatePage(
  widgets: readonly Widget[],
  content: Content,
  config: ValidationConfig,
  logicState?: VisibilityState,
): Map<number, ValidationIssue> {
  const issues = new Map<number, ValidationIssue>();
  for (const widget of widgets) {
    // The logic state already folds in the widget's own `hidden` flag (a show rule may reveal it).
    const hidden = logicState ? logicState.hiddenWidgetIds.has(widget.id) : widget.hidden;
    if (!widget.is_question || hidden) continue;
    const view = visibleView(widget, content[String(widget.id)] ?? [], logicState?.hiddenOptionIds?.get(widget.id));
    const issue = validateAnswer(view.widget, view.answer, config);
    if (issue) issues.set(widget.id, issue);
  }
  return issues;
}

/** The first widget of the page (in display order) with an issue, to scroll to and focus; `null` when none. */
export function firstInvalidWidgetId(
  widgets: readonly Pick<Widget, 'id'>[],
  issues: ReadonlyMap<number, ValidationIssue>,
): number | null {
  for (const widget of widgets) {
    if (issues.has(widget.id)) return widget.id;
  }
  return null;
}

/** What "review" needs to know (spec §2): the first page on the path with issues, its issues, and the total. */
export type PagesToReview = { firstPageId: number; issues: Map<number, ValidationIssue>; questionCount: number };

/**
 * Spec §2 "review": the pages the respondent already passed are checked again before finishing, because an
 * answer given later may have revealed a required question on one of them (a show rule). Pages in path order;
 * `null` when all of them are complete.
 */
export function pagesToReview(
  pages: readonly { id: number; widgets: readonly Widget[] }[],
  content: Content,
  config: ValidationConfig,
  logicState?: VisibilityState,
): PagesToReview | null {
  let first: { id: number; issues: Map<number, ValidationIssue> } | null = null;
  let questionCount = 0;
  for (const page of pages) {
    const issues = validatePage(page.widgets, content, config, logicState);
    if (issues.size === 0) continue;
    first ??= { id: page.id, issues };
    questionCount += issues.size;
  }
  return first ? { firstPageId: first.id, issues: first.issues, questionCount } : null;
}
