import { decodeItemValues, decodeMatrixCells, decodeMatrixOption, otherText } from '@/lib/survey-format/answer-codec';
import { parseAnswerNumber } from '@/lib/survey-format/answer-number';
import type { Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import { answerFormatOf, isQuestionSubtype, type QuestionSubtype } from '@/lib/survey-format/widget-kinds';
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
export type QuizVisibility = {
  hiddenWidgetIds: ReadonlySet<number>;
  /** Options hidden by logic, by widget id (`LogicState.hiddenOptionIds`); a matrix's options are its rows. */
  hiddenOptionIds?: ReadonlyMap<number, ReadonlySet<number>>;
  passedPageIds?: readonly number[];
};

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

/** Whether the chosen ids are exactly the keyed ones (an id chosen twice counts once). */
function sameSet(chosen: readonly string[], correct: ReadonlySet<string>): boolean {
  const unique = new Set(chosen);
  return unique.size === correct.size && [...unique].every((id) => correct.has(id));
}

/**
 * How each matrix is scored, by what a row (or cell) picks: a column or a dropdown item, named by `correct_item_ids`,
 * or a point, a star count or a text, matched by `correct_values`; `picks` is how its answer is encoded. The key is
 * one list for the whole question, so it gives every row the same right answers.
 */
const matrixQuiz = {
  other_radio_matrix: { key: 'correct_item_ids', picks: 'rows' },
  other_checkbox_matrix: { key: 'correct_item_ids', picks: 'rows' },
  other_dropdown_matrix: { key: 'correct_item_ids', picks: 'cells' },
  scale_semantic: { key: 'correct_values', picks: 'rows' },
  scale_stars_matrix: { key: 'correct_values', picks: 'items' },
  freetext_multiple: { key: 'correct_values', picks: 'items' },
  freetext_matrix: { key: 'correct_values', picks: 'cells' },
} as const satisfies Partial<
  Record<QuestionSubtype, { key: 'correct_item_ids' | 'correct_values'; picks: 'rows' | 'items' | 'cells' }>
>;
type MatrixSubtype = keyof typeof matrixQuiz;

function isMatrix(subtype: string): subtype is MatrixSubtype {
  return subtype in matrixQuiz;
}

/** The rows the respondent had to answer: a matrix's options hidden by logic are rows. */
function shownRowIds(widget: Widget, hiddenOptionIds: ReadonlySet<number> | undefined): number[] {
  return widget.items.filter((row) => !hiddenOptionIds?.has(row.id)).map((row) => row.id);
}

/** A row's (or cell's) one entered value, as a list of picks: none when blank. */
function valuePicks(value: string | undefined): string[] {
  return value?.trim() ? [value] : [];
}

/** What the respondent picked in each row (or cell) to answer, as strings (ids or values); `[]` where nothing. */
function matrixPicks(widget: Widget, subtype: MatrixSubtype, answer: readonly string[], rowIds: number[]): string[][] {
  switch (matrixQuiz[subtype].picks) {
    case 'rows': {
      const rows = decodeMatrixOption(answer);
      return rowIds.map((rowId) => (rows.get(rowId) ?? []).map(String));
    }
    case 'items': {
      const values = decodeItemValues(answer);
      return rowIds.map((rowId) => valuePicks(values.get(rowId)));
    }
    case 'cells': {
      const cells = decodeMatrixCells(answer);
      return rowIds.flatMap((rowId) => widget.col_options.map((col) => valuePicks(cells.get(rowId)?.get(col.id))));
    }
  }
}

/**
 * The answer key as the respondent met it, or `null` when the question is not scored (counted in neither total):
 * - no key;
 * - a matrix keyed in the kind its rows do not pick (`matrixQuiz`): ids cannot name a point, a star count or a
 *   text, and values cannot tell an option's label from its id, so the format does not say what is right there;
 * - nothing right left to choose once logic hides options: every keyed option, or every row of a matrix.
 * Otherwise logic-hidden options leave the key (a matrix's key names columns, not the rows logic hides).
 */
export function quizKey(widget: Widget, hiddenOptionIds?: ReadonlySet<number>): Quiz | null {
  const quiz = widget.is_question ? widget.quiz : null;
  if (!quiz) return null;
  if (isMatrix(widget.subtype)) {
    const readable = matrixQuiz[widget.subtype].key in quiz;
    return readable && shownRowIds(widget, hiddenOptionIds).length > 0 ? quiz : null;
  }
  if (!('correct_item_ids' in quiz)) return quiz;
  const shown = quiz.correct_item_ids.filter((id) => !hiddenOptionIds?.has(id));
  return shown.length > 0 ? { correct_item_ids: shown } : null;
}

/**
 * Whether one answer is right (`quiz` being the key as met, from `quizKey`).
 * - `correct_item_ids`: a SINGLE answer is right when its item is one of the ids (several ids = several
 *   acceptable answers); a ranking when its items are the ids in their order (it always holds every item, so only
 *   the order tells); any other format (MULTIPLE) when the set of chosen ids equals the set exactly — "other", or
 *   one option too many or too few, makes it wrong.
 * - `correct_values`: every entered value (the typed text of "other" included) matches one of the values,
 *   trimmed and case-insensitively.
 * - A matrix is right when every row shown (every cell of a cell matrix) is: it holds one pick, a keyed id or a
 *   matching value, or, in a checkbox matrix, exactly the keyed columns. A row left empty makes it wrong, required
 *   or not, as an unanswered question is; rows hidden by logic (`hiddenOptionIds`) need no answer.
 */
export function isCorrect(
  widget: Widget,
  answer: readonly string[],
  quiz: Quiz,
  hiddenOptionIds?: ReadonlySet<number>,
): boolean {
  const entries = answer.map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return false;
  if (isMatrix(widget.subtype)) {
    const picks = matrixPicks(widget, widget.subtype, entries, shownRowIds(widget, hiddenOptionIds));
    const correct = new Set('correct_item_ids' in quiz ? quiz.correct_item_ids.map(String) : []);
    const right = (pick: string) =>
      'correct_item_ids' in quiz ? correct.has(pick) : quiz.correct_values.some((value) => sameValue(pick, value));
    if (picks.length === 0) return false;
    if (widget.subtype === 'other_checkbox_matrix')
      return picks.every((ids) => ids.length > 0 && sameSet(ids, correct));
    return picks.every((row) => row.length === 1 && right(row[0] as string));
  }
  if ('correct_item_ids' in quiz) {
    const correct = new Set(quiz.correct_item_ids.map(String));
    const single = isQuestionSubtype(widget.subtype) && answerFormatOf(widget.subtype) === 'SINGLE';
    if (single) return entries.length === 1 && correct.has(entries[0] as string);
    if (widget.subtype === 'other_ranking') {
      const order = quiz.correct_item_ids.map(String);
      return entries.length === order.length && entries.every((id, rank) => id === order[rank]);
    }
    return sameSet(entries, correct);
  }
  const values = entries.map(enteredValue).filter((value) => value.trim() !== '');
  return values.length > 0 && values.every((value) => quiz.correct_values.some((correct) => sameValue(value, correct)));
}

/**
 * The quiz result shown at the end ("answers / questions"): quiz questions are those `quizKey` scores. With
 * `logicState`, questions hidden by logic (or on hidden pages), and those on pages the respondent did not pass
 * through, are left out of both counts, and options it hides out of the keys; without it, questions whose own flag
 * hides them are left out.
 */
export function scoreQuiz(survey: Survey, content: Content, logicState?: QuizVisibility): QuizScore {
  let answers = 0;
  let questions = 0;
  const passed = logicState?.passedPageIds ? new Set(logicState.passedPageIds) : null;
  for (const page of survey.pages) {
    if (!logicState && page.hidden) continue;
    if (passed && !passed.has(page.id)) continue;
    for (const widget of page.widgets) {
      const hidden = logicState ? logicState.hiddenWidgetIds.has(widget.id) : widget.hidden;
      const hiddenOptions = logicState?.hiddenOptionIds?.get(widget.id);
      const key = hidden ? null : quizKey(widget, hiddenOptions);
      if (!key) continue;
      questions += 1;
      if (isCorrect(widget, content[String(widget.id)] ?? [], key, hiddenOptions)) answers += 1;
    }
  }
  return { answers, questions };
}
