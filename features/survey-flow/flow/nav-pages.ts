import type { NavPage, NavPageStatus } from '@/features/a11y-nav/nav-model';
import type { LogicState } from '@/features/logic/logic-state';
import { canBeShown, progressPercent, visibleQuestions } from '@/features/logic/navigation';
import { otherText } from '@/lib/survey-format/answer-codec';
import { type Content, isEmptyAnswer } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import type { Text } from '@/lib/survey-format/text';

/** Where the respondent stands: the page on screen and the pages passed to reach it, in order. */
export type NavPosition = { currentPageId: number; history: readonly number[] };

/**
 * The accessibility panel's pages (spec §2): the pages logic shows, numbered as the respondent sees them, each with
 * its status and its visible questions and options in the respondent's language with piped text. A page passed on
 * the way here is completed, or locked when the survey hides its back button; a page jumped over is locked.
 */
export function navPages(
  survey: Survey,
  logicState: LogicState,
  position: NavPosition,
  text: (value: Text | null | undefined) => string,
): NavPage[] {
  const order = new Map(survey.pages.map((page, index) => [page.id, index]));
  const currentIndex = order.get(position.currentPageId) ?? 0;
  const status = (pageId: number): NavPageStatus => {
    if (pageId === position.currentPageId) return 'current';
    if (position.history.includes(pageId)) return survey.config.hide_back_button ? 'locked' : 'completed';
    return (order.get(pageId) ?? 0) < currentIndex ? 'locked' : 'future';
  };
  return survey.pages
    .filter((page) => canBeShown(survey, page, logicState))
    .map((page, index) => ({
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
    }));
}

/**
 * Whole-number percentage of the questions logic shows that hold an answer. "Other" ticked with nothing typed is no
 * answer, as validation reads it ("This question is mandatory").
 */
export function answeredPercent(survey: Survey, logicState: LogicState, content: Content): number {
  const questions = survey.pages.flatMap((page) => visibleQuestions(page, logicState));
  const holdsAnswer = (answer: readonly string[] | undefined) =>
    !isEmptyAnswer(answer) && (answer ?? []).some((entry) => entry.trim() !== '' && otherText(entry)?.trim() !== '');
  const answered = questions.filter((widget) => holdsAnswer(content[String(widget.id)])).length;
  return progressPercent(answered, questions.length);
}
