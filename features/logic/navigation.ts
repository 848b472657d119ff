import { answerText } from '@/lib/survey-format/answer-text';
import {
  customFieldKey,
  emailFieldKey,
  isPersistentKey,
  normalizeAnswer,
  urlParamKey,
  type Content,
} from '@/lib/survey-format/content';
import type { Page } from '@/lib/survey-format/page';
import type { RedirectParameter, Rule } from '@/lib/survey-format/rule';
import { originalLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import type { Widget } from '@/lib/survey-format/widget';
import { ruleHolds, type LogicContext } from './evaluate-condition';
import { logicIndexOf } from './logic-index';
import { evaluateLogic, stateReader, withoutHiddenOptions, type LogicState } from './logic-state';

/** Context of a page move: what conditions read, plus the respondent's language for redirect labels. */
export type NavigationContext = LogicContext & {
  /** Survey language code of the respondent (labels in redirect parameters); the original language if absent. */
  lang?: string;
};

export type NavigationPosition = {
  currentPageId: number;
  /** Pages the respondent came through to reach the current one, oldest first (a stack; the current is not in it). */
  history: readonly number[];
};

export type RedirectValue = { name: string; value: string };

export type Step =
  | { kind: 'page'; pageId: number }
  | {
      kind: 'finish';
      /** The finish rule's URL; `null` when the survey simply ends (the end type decides what follows). */
      redirectUrl: string | null;
      /** Values for the URL's query, resolved now (the URL is built elsewhere, with its scheme checks). */
      redirectParameters: RedirectValue[];
      /** The finish rule that ended the survey, or `null` at the end of the pages. */
      ruleId: number | null;
    };

function rulesOf(rules: readonly Rule[], pageId: number): Rule[] {
  return rules.filter((rule) => rule.page_id === pageId);
}

/**
 * A page with no questions whose rules (at least one) are all unconditional finishes: reaching it ends the
 * survey (spec §4), possibly redirecting. Content blocks on it are never shown.
 */
export function isAutoFinishPage(page: Page, rules: readonly Rule[]): boolean {
  if (page.widgets.some((widget) => widget.is_question)) return false;
  const own = rulesOf(rules, page.id);
  return own.length > 0 && own.every((rule) => rule.action.type === 'finish_survey' && rule.conditions.length === 0);
}

/** The questions of a page the respondent sees. */
export function visibleQuestions(page: Page, logicState: LogicState): Widget[] {
  if (logicState.hiddenPageIds.has(page.id)) return [];
  return page.widgets.filter((widget) => widget.is_question && !logicState.hiddenWidgetIds.has(widget.id));
}

function redirectValue(
  parameter: RedirectParameter,
  survey: Survey,
  content: Content,
  context: NavigationContext,
  logicState: LogicState,
): string {
  const reference = parameter.reference.trim();
  switch (parameter.source) {
    case 'question': {
      const id = Number(reference);
      const widget = logicIndexOf(survey).widgets.get(id);
      if (!widget || logicState.hiddenWidgetIds.has(id)) return '';
      const answer = withoutHiddenOptions(content[String(id)] ?? [], logicState.hiddenOptionIds.get(id));
      const originalLang = originalLanguage(survey);
      return answerText(widget, answer, {
        language: { lang: context.lang ?? originalLang, originalLang },
        style: 'redirect',
      });
    }
    case 'custom_field':
      return (content[customFieldKey(reference)] ?? []).join(', ');
    case 'url_param':
      return (content[urlParamKey(reference)] ?? []).join(', ');
    case 'email_field':
      return (content[emailFieldKey(reference)] ?? []).join(', ');
    case 'screen':
      return context.device;
  }
}

/** The finish a walk comes to: with the rule's URL and its parameters' values when the walk describes it. */
function finishStep(rule: Rule | null, walk: Walk): Step {
  if (!rule || !walk.describesFinish)
    return { kind: 'finish', redirectUrl: null, redirectParameters: [], ruleId: null };
  const url = rule.action.finish_redirect_url?.trim();
  return {
    kind: 'finish',
    redirectUrl: url ? url : null,
    redirectParameters: rule.action.redirect_parameters.map((parameter) => ({
      name: parameter.name,
      value: redirectValue(parameter, walk.survey, walk.content, walk.context, walk.logicState),
    })),
    ruleId: rule.id,
  };
}

/** A page with nothing to show: every widget hidden, or no widget at all. */
function showsNothing(page: Page, logicState: LogicState): boolean {
  return page.widgets.every((widget) => logicState.hiddenWidgetIds.has(widget.id));
}

/**
 * Whether the respondent can be shown a page as the answers stand: not hidden, with something visible, and not a
 * page that ends the survey by itself.
 */
export function canBeShown(survey: Survey, page: Page, logicState: LogicState): boolean {
  return (
    !logicState.hiddenPageIds.has(page.id) &&
    !showsNothing(page, logicState) &&
    !isAutoFinishPage(page, survey.logic_list)
  );
}

type Walk = {
  survey: Survey;
  content: Content;
  context: NavigationContext;
  logicState: LogicState;
  /** Page ids as the respondent meets them: the survey comes already in that order (a shuffle is applied before). */
  order: number[];
  visited: Set<number>;
  /** The finish's URL and parameter values are worked out (`nextStep`); a count of the pages ahead needs neither. */
  describesFinish: boolean;
};

function startWalk(
  survey: Survey,
  content: Content,
  context: NavigationContext,
  logicState: LogicState,
  visited: readonly number[],
  describesFinish = true,
): Walk {
  return {
    survey,
    content,
    context,
    logicState,
    order: survey.pages.map((page) => page.id),
    visited: new Set(visited),
    describesFinish,
  };
}

/** Applies a page's flow rules: the step they decide, or the order position to continue searching from. */
function leavePage(walk: Walk, pageId: number): Step | number {
  const index = logicIndexOf(walk.survey);
  const reader = stateReader(index, walk.content, walk.logicState);
  const rules = index.flowRules.get(pageId) ?? [];
  const from = walk.order.indexOf(pageId);
  for (const rule of rules) {
    if (rule.action.type === 'finish_survey' && ruleHolds(rule, reader, walk.context)) {
      return finishStep(rule, walk);
    }
  }
  for (const rule of rules) {
    if (rule.action.type !== 'jump_page') continue;
    const target = Number(rule.action.resource.trim());
    const at = walk.order.indexOf(target);
    if (at <= from || walk.visited.has(target)) continue;
    if (ruleHolds(rule, reader, walk.context)) return at;
  }
  return from + 1;
}

/** From a position in the order, the first page to show, or the finish that comes first. */
function arrive(walk: Walk, start: Step | number): Step {
  const { survey, logicState, order, visited } = walk;
  const index = logicIndexOf(survey);
  let next = start;
  // Every iteration moves strictly forward in the order (leavePage returns a later position): at most one
  // iteration per page, so contradictory jumps cannot loop.
  for (let guard = 0; guard <= order.length; guard += 1) {
    if (typeof next !== 'number') return next;
    const pageId = order[next];
    if (pageId === undefined) break;
    const page = index.pages.get(pageId);
    if (!page || logicState.hiddenPageIds.has(pageId) || visited.has(pageId)) {
      next += 1;
      continue;
    }
    visited.add(pageId);
    if (isAutoFinishPage(page, survey.logic_list)) {
      const rule = index.flowRules.get(pageId)?.find((candidate) => candidate.action.type === 'finish_survey') ?? null;
      return finishStep(rule, walk);
    }
    if (!showsNothing(page, logicState)) return { kind: 'page', pageId };
    next = leavePage(walk, pageId);
  }
  return finishStep(null, walk);
}

/**
 * Where "next" leads from the current page, for the current answers.
 *
 * 1. The current page's `finish_survey` rules, in `logic_list` order: the first that holds ends the survey.
 * 2. Its `jump_page` rules: the first that holds and points forward (later in page order, not in history) moves
 *    there. Backward or unknown targets are ignored: back moves belong to the history stack.
 * 3. Otherwise the next page in order.
 *
 * The page reached is then checked: a hidden page (logic or flag) or one already in history is skipped to the
 * following one; an auto-finish page (`isAutoFinishPage`) ends the survey with its rule; a page whose widgets are
 * all hidden (or that has none) is passed through — its own finish and jump rules apply as if the respondent
 * clicked "next" on it. Past the last page the survey finishes. Every page is considered at most once per call.
 *
 * `logicState` may be passed when the caller already has it for these answers.
 */
export function nextStep(
  survey: Survey,
  content: Content,
  context: NavigationContext,
  position: NavigationPosition,
  logicState: LogicState = evaluateLogic(survey, content, context),
): Step {
  const walk = startWalk(survey, content, context, logicState, [...position.history, position.currentPageId]);
  return arrive(walk, leavePage(walk, position.currentPageId));
}

/**
 * The pages a Next from `position` leads through, then a Next on each of them, up to the finish, as the answers
 * stand (a rule that reads a question not answered yet reads it unanswered): the pages ahead of the respondent, as
 * the page counter and the progress count them. Pages are passed over as `nextStep` passes them.
 */
export function pathAhead(
  survey: Survey,
  content: Content,
  context: NavigationContext,
  position: NavigationPosition,
  logicState: LogicState = evaluateLogic(survey, content, context),
): number[] {
  const walk = startWalk(survey, content, context, logicState, [...position.history, position.currentPageId], false);
  const ahead: number[] = [];
  // Each page arrived at joins the walk's visited pages, which `arrive` never returns again: at most one per page.
  for (let step = arrive(walk, leavePage(walk, position.currentPageId)); step.kind === 'page';) {
    ahead.push(step.pageId);
    step = arrive(walk, leavePage(walk, step.pageId));
  }
  return ahead;
}

/**
 * The first step of a new response: the first page in order that can be shown, with hidden, empty and
 * auto-finish pages handled as `nextStep` does. A survey with nothing to show returns its finish step.
 */
export function firstStep(
  survey: Survey,
  content: Content,
  context: NavigationContext,
  logicState: LogicState = evaluateLogic(survey, content, context),
): Step {
  return arrive(startWalk(survey, content, context, logicState, []), 0);
}

/**
 * "Back": the page the respondent came from, with the history that remains. A jump's backward move is this
 * stack: from the jump's target, back returns to the page that jumped, not to the pages skipped. A page passed
 * that logic now hides, or whose widgets it all hides, is passed over, as moving forward would. `null` when no
 * page before can be shown.
 */
export function previousStep(
  survey: Survey,
  history: readonly number[],
  logicState: LogicState,
): { pageId: number; history: number[] } | null {
  const pages = logicIndexOf(survey).pages;
  for (let at = history.length - 1; at >= 0; at -= 1) {
    const pageId = history[at] as number;
    const page = pages.get(pageId);
    if (!page || logicState.hiddenPageIds.has(pageId) || showsNothing(page, logicState)) continue;
    return { pageId, history: history.slice(0, at) };
  }
  return null;
}

/**
 * The answers that decide logic, piping and progress where the respondent stands: without those on pages passed
 * over (before the current page in the survey's order, and not in its history), so a changed earlier answer leaves
 * no branch no longer taken deciding anything. Pages not reached yet keep theirs: the respondent may meet them.
 * The same object when nothing is left out.
 */
export function reachableContent(survey: Survey, content: Content, position: NavigationPosition): Content {
  const index = logicIndexOf(survey);
  const order = survey.pages.map((page) => page.id);
  const current = order.indexOf(position.currentPageId);
  if (current <= 0) return content;
  const passed = new Set(position.history);
  const passedOver = new Set(order.slice(0, current).filter((pageId) => !passed.has(pageId)));
  if (passedOver.size === 0) return content;
  const kept = Object.entries(content).filter(([key]) => {
    const pageId = index.pageOfWidget.get(Number(key));
    return isPersistentKey(key) || pageId === undefined || !passedOver.has(pageId);
  });
  return kept.length === Object.keys(content).length ? content : Object.fromEntries(kept);
}

/**
 * Question numbers along the path actually taken (`path`: the history plus the current page, in order), counting
 * only visible questions, so a hidden question or a skipped page leaves no gap.
 */
export function questionNumbering(
  survey: Survey,
  path: readonly number[],
  logicState: LogicState,
): Map<number, number> {
  const pages = logicIndexOf(survey).pages;
  const numbers = new Map<number, number>();
  let next = 1;
  for (const pageId of path) {
    const page = pages.get(pageId);
    if (!page) continue;
    for (const widget of visibleQuestions(page, logicState)) {
      if (!numbers.has(widget.id)) numbers.set(widget.id, next++);
    }
  }
  return numbers;
}

/**
 * Whole-number percentage of `answered` over `total`, rounded down so 100 % means everything is answered;
 * clamped to 0–100, and 0 when there is nothing to answer.
 */
export function progressPercent(answered: number, total: number): number {
  if (!Number.isFinite(answered) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((answered / total) * 100)));
}

/**
 * The content to send: custom fields and URL parameters kept; answers of hidden questions and of hidden options
 * emptied, and keys that are not questions of this survey dropped. With `pathPageIds` (the pages actually visited),
 * answers on pages the respondent jumped over are emptied as well, so a changed earlier answer cannot leave stale
 * answers from a branch no longer taken. An emptied or cleared answer is sent as `[]` (survey-format.md "An empty
 * answer is `[]`"), never left out: a backend that merges a save key by key would keep the old answer.
 */
export function prunedContent(
  survey: Survey,
  content: Content,
  logicState: LogicState,
  pathPageIds?: readonly number[],
): Content {
  const index = logicIndexOf(survey);
  const onPath = pathPageIds ? new Set(pathPageIds) : null;
  const out: Content = {};
  for (const [key, answer] of Object.entries(content)) {
    if (isPersistentKey(key)) {
      out[key] = [...answer];
      continue;
    }
    if (!/^-?\d+$/.test(key)) continue;
    const id = Number(key);
    const widget = index.widgets.get(id);
    const pageId = index.pageOfWidget.get(id);
    if (!widget || !widget.is_question || pageId === undefined) continue;
    const shown =
      !logicState.hiddenWidgetIds.has(id) && !logicState.hiddenPageIds.has(pageId) && (!onPath || onPath.has(pageId));
    out[key] = shown ? normalizeAnswer(withoutHiddenOptions(answer, logicState.hiddenOptionIds.get(id))) : [];
  }
  return out;
}
