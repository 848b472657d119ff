import { otherText } from '@/lib/survey-format/answer-codec';
import { parseAnswerNumber } from '@/lib/survey-format/answer-number';
import type { Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import { answerFormatOf, isQuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Quiz, Widget } from '@/lib/survey-format/widget';

export type QuizScore = {
  /** Quiz questions answered correctly. */
  answers: number;
  /** Quiz questions the respondent could see, answered or not. */
  questions: number;
};

/**
 * What scoring needs of the logic state (features/logic's `LogicState` fits), and the pages the respondent passed
 * through: a page a jump skipped was never seen, so its questions do not count.
 */
export type QuizVisibility = { hiddenWidgetIds: ReadonlySet<number>; passedPageIds?: readonly number[] };

/** Trimmed and case-insensitive; numbers also by value, so "42", "42.0" and "42,0" all match "42". */
function sameValue(given: string, correct: string): boolean {
  const a = given.trim();
  const b = correct.trim();
  if (a.toLowerCase() === b.toLowerCase()) return true;
  const number = parseAnswerNumber(a);
  return number !== null && number === parseAnswerNumber(b);
}

/** The entered value of an answer entry: the typed text of "other", else the entry itself. */
function enteredValue(entry: string): string {
  return otherText(entry) ?? entry;
}

/**
 * Whether one answer is right.
 * - `correct_item_ids`: a SINGLE answer is right when its item is one of the ids (several ids = several
 *   acceptable answers); a ranking when its items are the ids in their order (it always holds every item, so only
 *   the order tells); any other format (MULTIPLE) when the set of chosen ids equals the set exactly — "other", or
 *   one option too many or too few, makes it wrong.
 * - `correct_values`: every entered value (the typed text of "other" included) matches one of the values,
 *   trimmed and case-insensitively.
 */
export function isCorrect(widget: Widget, answer: readonly string[], quiz: Quiz): boolean {
  const entries = answer.map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return false;
  if ('correct_item_ids' in quiz) {
    const correct = new Set(quiz.correct_item_ids.map(String));
    const single = isQuestionSubtype(widget.subtype) && answerFormatOf(widget.subtype) === 'SINGLE';
    if (single) return entries.length === 1 && correct.has(entries[0] as string);
    if (widget.subtype === 'other_ranking') {
      const order = quiz.correct_item_ids.map(String);
      return entries.length === order.length && entries.every((id, rank) => id === order[rank]);
    }
    const chosen = new Set(entries);
    return chosen.size === correct.size && [...chosen].every((id) => correct.has(id));
  }
  const values = entries.map(enteredValue).filter((value) => value.trim() !== '');
  return values.length > 0 && values.every((value) => quiz.correct_values.some((correct) => sameValue(value, correct)));
}

/**
 * The quiz result shown at the end ("answers / questions"): quiz questions are those with an answer key. With
 * `logicState`, questions hidden by logic (or on hidden pages), and those on pages the respondent did not pass
 * through, are left out of both counts; without it, so are questions whose own flag hides them.
 */
export function scoreQuiz(survey: Survey, content: Content, logicState?: QuizVisibility): QuizScore {
  let answers = 0;
  let questions = 0;
  const passed = logicState?.passedPageIds ? new Set(logicState.passedPageIds) : null;
  for (const page of survey.pages) {
    if (!logicState && page.hidden) continue;
    if (passed && !passed.has(page.id)) continue;
    for (const widget of page.widgets) {
      if (!widget.is_question || !widget.quiz) continue;
      const hidden = logicState ? logicState.hiddenWidgetIds.has(widget.id) : widget.hidden;
      if (hidden) continue;
      questions += 1;
      if (isCorrect(widget, content[String(widget.id)] ?? [], widget.quiz)) answers += 1;
    }
  }
  return { answers, questions };
}
