import { settingDefaults } from '@/lib/survey-format/setting-defaults';
import { decodeItemValues, decodeMatrixCells, decodeMatrixOption, otherText } from '@/lib/survey-format/answer-codec';
import { parseAnswerNumber } from '@/lib/survey-format/answer-number';
import {
  ANSWER_SEPARATOR,
  OTHER_VALUE,
  customFieldKey,
  emailFieldKey,
  joinAnswer,
  splitAnswer,
  urlParamKey,
} from '@/lib/survey-format/content';
import type { Condition, Operator, Rule, ScreenType } from '@/lib/survey-format/rule';
import { answerFormatOf, choiceKindOf, isQuestionSubtype, matrixCellPartsOf } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

/**
 * Conditions of logic rules (survey-format.md, "Logic rule").
 *
 * Every source yields a list of tokens, and every operator is defined over that list:
 *
 * - `question`, `source_type: 'item'`: the chosen ids. SINGLE/MULTIPLE → item ids, with `"others:|:text"` counted
 *   as the item `others`. MATRIX_OPTION → `"row:|:col"` per chosen cell (`empty_row` cells are unanswered).
 *   MATRIX_VALUE → the cell's key: `"row:|:col"` (dropdown, free-text matrix) or `"row"` (stars matrix,
 *   freetext_multiple). In a matrix a bare row id (`"3"`) matches any cell of that row. A question that lists no
 *   options (text, scales, dates, numbers, uploads) has no ids to name: it reads as `source_type: 'value'`.
 * - `question`, `source_type: 'value'`: the entered values. Choice → the raw item id, or the typed text of
 *   "other"; scales, text, dates → the value; MATRIX_VALUE → each cell's value, and an `operator_value` written
 *   like the answer (`"row:|:value"`, `"row:|:col:|:value"`) compares only that cell; MATRIX_OPTION → each chosen
 *   cell's column (a semantic scale's point), and `"row:|:col"` compares only that row's.
 * - `custom_field`, `url_param`: the values under `custom_field:<name>` / `url_param:<name>` in content.
 * - `email_field`: the respondent's e-mail field, `custom_field:<reference>` (`email` by default; see
 *   `emailFieldKey`). `screen`: the device (`desktop`, `mobile`, `tablet`).
 * - A question hidden by logic (or unknown) has no tokens: it reads as unanswered.
 *
 * Operators (`v` = operator_value):
 * - `equals`: some token equals `v`. Ids compare exactly; values compare trimmed and case-insensitively,
 *   numerically when both are numbers (`"7"` equals `"7.0"`), and ISO dates or times at the shorter precision
 *   (`"2026-11-22T10:30"` equals `"2026-11-22"`). On a MULTIPLE answer this is "the choice includes v".
 * - `contains`: ids → like `equals` (the list contains the id); values → some token contains `v` as a substring,
 *   case-insensitively. An empty `v` is contained in nothing.
 * - `greater_than`, `greater_or_equal`, `less_than`, `less_or_equal`: some token's value (a matrix cell's value for
 *   either source type) compares so with `v`, both parsed as numbers (comma or dot decimals); `false` when either is
 *   not a number, and for the ids of a choice or ranking (`source_type: 'item'`), which name options, not amounts.
 *   ISO dates (`2026-11-22…`) and times (`10:30…`) compare chronologically at the precision of the shorter of the two.
 * - `answered` / `not_answered`: whether there is any token (`v` ignored).
 * - `any_of`, `all_of`: `v` is a `:|:`-joined list; some / every listed value `equals` some token. On a matrix whose
 *   cells are `row:|:col`, a list of an even length whose every second part is a column id is regrouped into cells
 *   (`"1:|:10:|:3:|:20"` is the cells `1:|:10` and `3:|:20`); any other list is of row ids. By value on a dropdown
 *   or free-text matrix, a list of triples each naming a row and a column is regrouped into qualified values
 *   (`"1:|:10:|:7:|:2:|:10:|:3"` is `1:|:10:|:7` and `2:|:10:|:3`), unless every part is one of the dropdown's
 *   choices; any other list is of values. Pairs are never regrouped by value: `row:|:value` (stars matrix,
 *   freetext_multiple) or `row:|:point` (semantic scale) cannot be told from two values (`"4:|:5"`), so those name
 *   one cell with `equals`. An empty list never holds.
 * - `not_equals`, `not_contains`, `none_of` are the exact negations of `equals`, `contains`, `any_of`, so they hold
 *   on an unanswered question ("is not yes" is true before anything is chosen).
 */

/** What a condition may read besides answers. */
export type LogicContext = {
  device: ScreenType;
};

/** Read access to the survey and the live answers; the logic state decides what a hidden question reads as. */
export type AnswerReader = {
  widget(id: number): Widget | undefined;
  /** The answer of a question as rules see it: `[]` when hidden; without hidden options. */
  answer(widgetId: number): readonly string[];
  /** A raw content entry (`custom_field:…`, `url_param:…`). */
  entry(key: string): readonly string[];
};

type Token = { key: string; value: string };

type Subject = {
  tokens: Token[];
  /** The keys are ids the question lists (choices, rankings, matrices), which `source_type: 'item'` compares. */
  listsItems: boolean;
  /** Parts in a cell key: 1 for plain items, 2 for `row:|:col`. */
  keyParts: number;
  /** The column ids of a matrix whose cells are `row:|:col`: what tells a list of cells from a list of rows. */
  columnIds: ReadonlySet<string>;
  /**
   * The row ids of a matrix whose values are `row:|:col:|:value` (dropdown, free-text matrix), and a dropdown's
   * choices: what tells a value list of cells from a list of plain values.
   */
  rowIds: ReadonlySet<string>;
  choiceIds: ReadonlySet<string>;
  /** Matrix answers: a bare row id matches any of the row's cells. */
  matrix: boolean;
  /** Parts of a qualified value (`row:|:value`, `row:|:col:|:value`); 0 when values cannot be qualified. */
  qualifiedParts: number;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const ISO_TIME = /^\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

function valuesEqual(token: string, expected: string): boolean {
  const a = token.trim();
  const b = expected.trim();
  if (a.toLowerCase() === b.toLowerCase()) return true;
  // Dates and times are equal at the precision of the shorter, as the ordered operators compare them.
  const temporal = compareTemporal(a, b);
  if (temporal !== null) return temporal === 0;
  const x = parseAnswerNumber(a);
  return x !== null && x === parseAnswerNumber(b);
}

const NO_IDS: ReadonlySet<string> = new Set();

/** What a matrix answer names as its columns: the column ids, or a semantic scale's points (1 to `points`). */
function columnIdsOf(widget: Widget): ReadonlySet<string> {
  if (widget.subtype === 'scale_semantic') {
    const points = widget.settings.points ?? settingDefaults.scale_semantic.points;
    return new Set(Array.from({ length: points }, (_, index) => String(index + 1)));
  }
  return new Set(widget.col_options.map((column) => String(column.id)));
}

type MatrixIds = Pick<Subject, 'columnIds' | 'rowIds' | 'choiceIds'>;

/**
 * The ids a matrix's answer and lists name, by widget: surveys are immutable once parsed, and a walk to the finish
 * builds subjects afresh on every page it leaves.
 */
const matrixIdsMemo = new WeakMap<Widget, MatrixIds>();

function matrixIdsOf(widget: Widget): MatrixIds {
  let ids = matrixIdsMemo.get(widget);
  if (!ids) {
    ids = {
      columnIds: columnIdsOf(widget),
      rowIds: new Set(widget.items.map((row) => String(row.id))),
      choiceIds: new Set((widget.settings.dropdown_items ?? []).map((choice) => String(choice.id))),
    };
    matrixIdsMemo.set(widget, ids);
  }
  return ids;
}

function questionSubject(widget: Widget, answer: readonly string[]): Subject {
  const subtype = widget.subtype;
  if (!isQuestionSubtype(subtype)) return scalarSubject([]);
  const tokens: Token[] = [];
  switch (answerFormatOf(subtype)) {
    case 'SINGLE':
    case 'MULTIPLE': {
      for (const entry of answer) {
        if (entry.trim() === '') continue;
        const typed = otherText(entry);
        tokens.push(typed === null ? { key: entry.trim(), value: entry } : { key: OTHER_VALUE, value: typed });
      }
      const listsItems = choiceKindOf(subtype) !== null;
      return { ...UNLISTED, tokens, listsItems };
    }
    case 'MATRIX_OPTION':
      // A cell's value is its column: a semantic scale's point, which the ordered operators compare.
      for (const [rowId, colIds] of decodeMatrixOption(answer)) {
        for (const colId of colIds) tokens.push({ key: joinAnswer(rowId, colId), value: String(colId) });
      }
      return { ...MATRIX, tokens, keyParts: 2, columnIds: matrixIdsOf(widget).columnIds, qualifiedParts: 2 };
    case 'MATRIX_VALUE': {
      // `row:|:col:|:value` (dropdown, free-text matrix) keys cells by row and column; `row:|:value` by row.
      const byColumn = matrixCellPartsOf(subtype) === 3;
      if (byColumn) {
        for (const [rowId, cells] of decodeMatrixCells(answer)) {
          for (const [colId, value] of cells) tokens.push({ key: joinAnswer(rowId, colId), value });
        }
      } else {
        for (const [rowId, value] of decodeItemValues(answer)) tokens.push({ key: String(rowId), value });
      }
      const answered = tokens.filter((token) => token.value.trim() !== '');
      if (!byColumn) return { ...MATRIX, tokens: answered, qualifiedParts: 2 };
      return { ...MATRIX, ...matrixIdsOf(widget), tokens: answered, keyParts: 2, qualifiedParts: 3 };
    }
  }
}

/** What a subject is unless its kind says otherwise: plain values, or a matrix's cells keyed by row. */
const UNLISTED: Subject = {
  tokens: [],
  listsItems: false,
  keyParts: 1,
  columnIds: NO_IDS,
  rowIds: NO_IDS,
  choiceIds: NO_IDS,
  matrix: false,
  qualifiedParts: 0,
};
const MATRIX: Subject = { ...UNLISTED, listsItems: true, matrix: true };

function scalarSubject(values: readonly string[]): Subject {
  const tokens = values.filter((value) => value.trim() !== '').map((value) => ({ key: value, value }));
  return { ...UNLISTED, tokens };
}

/**
 * Subjects already built, per reader (one reader lives for one evaluation) and question, valid while the reader
 * returns the same answer array. Several rules usually read the same question, and the fixpoint reads it again
 * in later passes; this keeps evaluation from re-parsing answers.
 */
const subjectMemo = new WeakMap<AnswerReader, Map<number, { answer: readonly string[]; subject: Subject }>>();

function memoizedQuestionSubject(reader: AnswerReader, widget: Widget): Subject {
  const answer = reader.answer(widget.id);
  let memo = subjectMemo.get(reader);
  if (!memo) subjectMemo.set(reader, (memo = new Map()));
  const cached = memo.get(widget.id);
  if (cached && cached.answer === answer) return cached.subject;
  const subject = questionSubject(widget, answer);
  memo.set(widget.id, { answer, subject });
  return subject;
}

function subjectOf(condition: Condition, reader: AnswerReader, context: LogicContext): Subject {
  const reference = condition.reference.trim();
  switch (condition.source) {
    case 'question': {
      const id = Number(reference);
      const widget = reference === '' || !Number.isInteger(id) ? undefined : reader.widget(id);
      if (!widget) return scalarSubject([]);
      return memoizedQuestionSubject(reader, widget);
    }
    case 'custom_field':
      return scalarSubject(reader.entry(customFieldKey(reference)));
    case 'url_param':
      return scalarSubject(reader.entry(urlParamKey(reference)));
    case 'email_field':
      return scalarSubject(reader.entry(emailFieldKey(reference)));
    case 'screen':
      return scalarSubject([context.device]);
  }
}

/** Chronological comparison of ISO dates or times, or `null` when the two are not both of one kind. */
function compareTemporal(a: string, b: string): number | null {
  const bothDates = ISO_DATE.test(a) && ISO_DATE.test(b);
  const bothTimes = ISO_TIME.test(a) && ISO_TIME.test(b);
  if (!bothDates && !bothTimes) return null;
  const length = Math.min(a.length, b.length);
  const x = a.slice(0, length).replace(' ', 'T');
  const y = b.slice(0, length).replace(' ', 'T');
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareOrdered(token: string, expected: string): number | null {
  const temporal = compareTemporal(token.trim(), expected.trim());
  if (temporal !== null) return temporal;
  const x = parseAnswerNumber(token);
  const y = parseAnswerNumber(expected);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Does one token match one expected value under `equals`? */
function tokenEquals(token: Token, expected: string, subject: Subject, byItem: boolean): boolean {
  if (!byItem) return valuesEqual(token.value, expected);
  const wanted = expected.trim();
  if (token.key === wanted) return true;
  // A bare row id in a matrix: any cell of that row.
  return subject.matrix && wanted !== '' && token.key.startsWith(wanted + ANSWER_SEPARATOR);
}

/**
 * A value compared against a matrix cell (`"row:|:value"`): narrows the tokens to that cell and returns the bare
 * value. Anything else is returned as is.
 */
function narrow(subject: Subject, expected: string, byItem: boolean): { tokens: Token[]; expected: string } {
  if (byItem || subject.qualifiedParts === 0 || !expected.includes(ANSWER_SEPARATOR)) {
    return { tokens: subject.tokens, expected };
  }
  const parts = splitAnswer(expected, subject.qualifiedParts);
  if (parts.length < subject.qualifiedParts) return { tokens: subject.tokens, expected };
  const keyParts = parts.slice(0, -1).map((part) => part.trim());
  const key = keyParts.join(ANSWER_SEPARATOR);
  // A row alone (`"row:|:point"` on an option matrix, whose cells are `row:|:col`) takes each of the row's cells.
  const byRow = keyParts.length < subject.keyParts;
  const tokens = subject.tokens.filter(
    (token) => token.key === key || (byRow && token.key.startsWith(key + ANSWER_SEPARATOR)),
  );
  return { tokens, expected: parts[parts.length - 1] ?? '' };
}

function equalsAny(subject: Subject, expected: string, byItem: boolean): boolean {
  const narrowed = narrow(subject, expected, byItem);
  return narrowed.tokens.some((token) => tokenEquals(token, narrowed.expected, subject, byItem));
}

/**
 * The values of a list operator. On a matrix whose cells are `row:|:col`, the flat list is regrouped into cells only
 * when it reads as pairs ending in column ids; otherwise each part is a row id (`"1:|:2:|:3"` is three rows). By
 * value on a dropdown or free-text matrix, it is regrouped into `row:|:col:|:value` cells only when it reads as
 * triples each naming a row and a column, and is not a list of the dropdown's own choices; otherwise each part is
 * a value any cell may hold.
 */
function listValues(subject: Subject, operatorValue: string, byItem: boolean): string[] {
  const parts = splitAnswer(operatorValue)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const cells =
    byItem &&
    subject.keyParts === 2 &&
    parts.length % 2 === 0 &&
    parts.every((part, index) => index % 2 === 0 || subject.columnIds.has(part));
  const valueCells =
    !byItem &&
    subject.qualifiedParts === 3 &&
    parts.length % 3 === 0 &&
    parts.every((part, index) => index % 3 === 2 || (index % 3 === 0 ? subject.rowIds : subject.columnIds).has(part)) &&
    !parts.every((part) => subject.choiceIds.has(part));
  const size = cells ? 2 : valueCells ? 3 : 1;
  if (size === 1) return parts;
  const grouped: string[] = [];
  for (let index = 0; index < parts.length; index += size) {
    grouped.push(parts.slice(index, index + size).join(ANSWER_SEPARATOR));
  }
  return grouped;
}

function holds(operator: Operator, subject: Subject, operatorValue: string, byItem: boolean): boolean {
  switch (operator) {
    case 'equals':
      return equalsAny(subject, operatorValue, byItem);
    case 'not_equals':
      return !equalsAny(subject, operatorValue, byItem);
    case 'contains':
    case 'not_contains': {
      let found: boolean;
      if (byItem) {
        found = equalsAny(subject, operatorValue, true);
      } else {
        const narrowed = narrow(subject, operatorValue, false);
        const needle = narrowed.expected.trim().toLowerCase();
        found = needle !== '' && narrowed.tokens.some((token) => token.value.toLowerCase().includes(needle));
      }
      return operator === 'contains' ? found : !found;
    }
    case 'greater_than':
    case 'greater_or_equal':
    case 'less_than':
    case 'less_or_equal': {
      // A choice's or a ranking's ids name options, not amounts.
      if (byItem && !subject.matrix) return false;
      const narrowed = narrow(subject, operatorValue, false);
      return narrowed.tokens.some((token) => {
        const order = compareOrdered(token.value, narrowed.expected);
        if (order === null) return false;
        if (operator === 'greater_than') return order > 0;
        if (operator === 'greater_or_equal') return order >= 0;
        if (operator === 'less_than') return order < 0;
        return order <= 0;
      });
    }
    case 'answered':
      return subject.tokens.length > 0;
    case 'not_answered':
      return subject.tokens.length === 0;
    case 'any_of':
    case 'none_of': {
      const found = listValues(subject, operatorValue, byItem).some((value) => equalsAny(subject, value, byItem));
      return operator === 'any_of' ? found : !found;
    }
    case 'all_of': {
      const values = listValues(subject, operatorValue, byItem);
      return values.length > 0 && values.every((value) => equalsAny(subject, value, byItem));
    }
  }
}

/** Whether one condition holds. Never throws, whatever the rule or the answers contain. */
export function evaluateCondition(condition: Condition, reader: AnswerReader, context: LogicContext): boolean {
  const subject = subjectOf(condition, reader, context);
  // Ids compare as ids only where a question lists them; fields, parameters, e-mail, screen and the answers of
  // questions without options are values.
  const byItem = condition.source_type === 'item' && subject.listsItems;
  return holds(condition.operator, subject, condition.operator_value, byItem);
}

/**
 * Whether a rule's conditions hold under its `match` (`all` / `any`). A rule without conditions always holds,
 * whatever its match: it is how owners write unconditional jumps and finishes.
 */
export function ruleHolds(
  rule: Pick<Rule, 'match' | 'conditions'>,
  reader: AnswerReader,
  context: LogicContext,
): boolean {
  if (rule.conditions.length === 0) return true;
  return rule.match === 'any'
    ? rule.conditions.some((condition) => evaluateCondition(condition, reader, context))
    : rule.conditions.every((condition) => evaluateCondition(condition, reader, context));
}
