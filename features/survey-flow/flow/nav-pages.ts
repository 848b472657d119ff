import type { NavPage, NavPageStatus } from '@/features/a11y-nav/nav-model';
import { withoutHiddenOptions, type LogicState } from '@/features/logic/logic-state';
import { logicIndexOf } from '@/features/logic/logic-index';
import {
  canBeShown,
  type NavigationContext,
  type NavigationPosition,
  pathAhead,
  progressPercent,
  visibleQuestions,
} from '@/features/logic/navigation';
import { otherText } from '@/lib/survey-format/answer-codec';
import { type Content, isBlank, isEmptyAnswer } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';

/**
 * The respondent's pages as the answers stand: those passed that can still be shown, the page on screen, and those a
 * Next leads through to the finish (`pathAhead`). The page counter, the progress and the navigation panel all count
 * these, so a page jumped over, or beyond a finish rule that holds, is in none of them.
 */
export type SurveyPath = {
  passed: readonly number[];
  currentPageId: number;
  ahead: readonly number[];
};

export function surveyPath(
  survey: Survey,
  content: Content,
  context: NavigationContext,
  position: NavigationPosition,
  logicState: LogicState,
): SurveyPath {
  const pages = logicIndexOf(survey).pages;
  const passed = position.history.filter((pageId) => {
    const page = pages.get(pageId);
    return page !== undefined && canBeShown(survey, page, logicState);
  });
  return {
    passed,
    currentPageId: position.currentPageId,
    ahead: pathAhead(survey, content, context, position, logicState),
  };
}

/** The path's pages in order. */
export function pathPageIds(path: SurveyPath): number[] {
  return [...path.passed, path.currentPageId, ...path.ahead];
}

/** "Page current of total" along the path. */
export function pageNumberOf(path: SurveyPath): { current: number; total: number } {
  return { current: path.passed.length + 1, total: path.passed.length + 1 + path.ahead.length };
}

/**
 * The accessibility panel's pages (spec §2): the path's pages, numbered as the page counter numbers them, each with its
 * status and its visible questions and options in the respondent's language with piped text. A page passed on the
 * way here is completed, or locked when the survey hides its back button.
 */
export function navPages(
  survey: Survey,
  logicState: LogicState,
  path: SurveyPath,
  text: (value: Text | null | undefined) => string,
): NavPage[] {
  const pages = logicIndexOf(survey).pages;
  const passed = new Set(path.passed);
  const status = (pageId: number): NavPageStatus => {
    if (pageId === path.currentPageId) return 'current';
    if (passed.has(pageId)) return survey.config.hide_back_button ? 'locked' : 'completed';
    return 'future';
  };
  return pathPageIds(path).flatMap((pageId, index) => {
    const page = pages.get(pageId);
    if (!page) return [];
    return [
      {
        id: page.id,
        number: index + 1,
        title: text(page.title),
        status: status(page.id),
        questions: visibleQuestions(page, logicState).map((widget) => {
          const hiddenOptions = logicState.hiddenOptionIds.get(widget.id);
          return {
            id: widget.id,
            title: text(widget.title),
            // Every option the screen shows: items, columns, a dropdown matrix's choices and the owner's "other" label.
            options: [
              ...widget.items
                .filter((item) => !hiddenOptions?.has(item.id))
                .flatMap((item) => [text(item.value), text(item.right_value)]),
              ...widget.col_options.map((column) => text(column.value)),
              ...(widget.settings.dropdown_items ?? []).map((choice) => text(choice.value)),
              ...(widget.settings.has_other ? [text(widget.settings.other_label)] : []),
            ].filter((label) => label !== ''),
          };
        }),
      },
    ];
  });
}

/**
 * Whole-number percentage of the questions logic shows on the path's pages (`pathPageIds`) that hold an answer, so a
 * respondent who answered everything shown reaches 100. An option logic hides is no answer, nor is "other" ticked
 * with nothing typed, as validation reads them ("This question is mandatory").
 */
export function answeredPercent(
  survey: Survey,
  logicState: LogicState,
  content: Content,
  pageIds: readonly number[],
): number {
  const pages = logicIndexOf(survey).pages;
  const questions = pageIds.flatMap((pageId) => {
    const page = pages.get(pageId);
    return page ? visibleQuestions(page, logicState) : [];
  });
  const holdsAnswer = (answer: readonly string[]) =>
    !isEmptyAnswer(answer) &&
    answer.some((entry) => {
      const typed = otherText(entry);
      return !isBlank(entry) && (typed === null || !isBlank(typed));
    });
  const answered = questions.filter((widget) =>
    holdsAnswer(withoutHiddenOptions(content[String(widget.id)] ?? [], logicState.hiddenOptionIds.get(widget.id))),
  ).length;
  return progressPercent(answered, questions.length);
}
