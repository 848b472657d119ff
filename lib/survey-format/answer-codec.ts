import { EMPTY_ROW, OTHER_VALUE, isBlank, joinAnswer, splitAnswer } from './content';

/**
 * Reading and writing answers in the `content` encoding of survey-format.md ("Answers"). Widgets work on the
 * decoded shapes below and hand `onChange` only what these encoders return, so the strings that reach the
 * backend are produced in one place.
 *
 * Decoders are lenient: an entry that is not understood (a stale id, a malformed string from an old backend)
 * is skipped rather than thrown, because a respondent resuming a response must never meet a crash.
 */

/** Item ids are integers (survey-format.md, "Conventions"). */
function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^-?\d+$/.test(raw) ? Number(raw) : null;
}

// ---------------------------------------------------------------- SINGLE / MULTIPLE (choice questions)

/** The options chosen in a choice question. */
export type ChoiceAnswer = {
  /** Chosen item ids, in the order they were encoded. */
  itemIds: number[];
  /** The "other" text: `null` when "other" is not chosen, `''` when chosen and nothing is typed yet. */
  other: string | null;
};

/**
 * The typed text of an "other" entry (`"others:|:typed"`; `''` for a bare `"others"`), or `null` when the entry is
 * not "other". Every reader of choice answers (validation, logic, quiz, answer texts) tells "other" apart here.
 */
export function otherText(entry: string): string | null {
  const [head, typed] = splitAnswer(entry, 2);
  return head === OTHER_VALUE ? (typed ?? '') : null;
}

/**
 * Decodes SINGLE and MULTIPLE choice answers: `["1", "3", "others:|:typed text"]`. A bare `"others"` (no
 * separator) is read as "other" with no text.
 */
export function decodeChoice(value: readonly string[]): ChoiceAnswer {
  const itemIds: number[] = [];
  let other: string | null = null;
  for (const entry of value) {
    const typed = otherText(entry);
    if (typed !== null) {
      other = typed;
      continue;
    }
    const id = parseId(entry);
    if (id !== null && !itemIds.includes(id)) itemIds.push(id);
  }
  return { itemIds, other };
}

/** The entry of a chosen "other" option. Always carries the separator, even before any text is typed. */
export function encodeOther(text: string): string {
  return joinAnswer(OTHER_VALUE, text);
}

/** SINGLE answer of a choice question: `["<item id>"]`, `["others:|:text"]`, or `[]` when nothing is chosen. */
export function encodeSingleChoice(choice: { itemId: number } | { other: string } | null): string[] {
  if (choice === null) return [];
  return 'itemId' in choice ? [String(choice.itemId)] : [encodeOther(choice.other)];
}

/** MULTIPLE answer: item ids in the given order, then the "other" entry: `["1", "3", "others:|:text"]`. */
export function encodeMultipleChoice({ itemIds, other }: ChoiceAnswer): string[] {
  const entries = itemIds.map(String);
  if (other !== null) entries.push(encodeOther(other));
  return entries;
}

// ---------------------------------------------------------------- SINGLE (scales)

/** Scale answers are one number as a string: `["7"]`. Anything else reads as unanswered. */
export function decodeScale(value: readonly string[]): number | null {
  const first = value[0];
  if (first === undefined || first.trim() === '') return null;
  const number = Number(first);
  return Number.isFinite(number) ? number : null;
}

export function encodeScale(value: number | null): string[] {
  return value === null ? [] : [String(value)];
}

// ---------------------------------------------------------------- MATRIX_OPTION

/** Chosen column ids (or, for `scale_semantic`, points 1..n) by row id. Rows with no choice are absent. */
export type MatrixOptionAnswer = ReadonlyMap<number, readonly number[]>;

/** Decodes `"<row id>:|:<col id>"` entries; `empty_row` entries mean "no choice" and are dropped. */
export function decodeMatrixOption(value: readonly string[]): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const entry of value) {
    const [rawRow, rawCol] = splitAnswer(entry, 2);
    const rowId = parseId(rawRow);
    const colId = parseId(rawCol);
    if (rowId === null || colId === null) continue;
    const cols = rows.get(rowId) ?? [];
    if (!cols.includes(colId)) cols.push(colId);
    rows.set(rowId, cols);
  }
  return rows;
}

/**
 * Encodes a MATRIX_OPTION answer, rows in `rowIds` order. Once any row is answered, every other row of
 * `rowIds` is written as `"<row id>:|:empty_row"`, so the stored answer lists each row the respondent saw; a
 * matrix with no choice at all is `[]` (unanswered), never a list of `empty_row` entries.
 */
export function encodeMatrixOption(rowIds: readonly number[], answer: MatrixOptionAnswer): string[] {
  const answered = rowIds.some((rowId) => (answer.get(rowId)?.length ?? 0) > 0);
  if (!answered) return [];
  return rowIds.flatMap((rowId) => {
    const cols = answer.get(rowId) ?? [];
    return cols.length > 0 ? cols.map((colId) => joinAnswer(rowId, colId)) : [joinAnswer(rowId, EMPTY_ROW)];
  });
}

// ---------------------------------------------------------------- MATRIX_VALUE

/** Cell values by row id, then column id. Empty cells are absent. */
export type MatrixCellValues = ReadonlyMap<number, ReadonlyMap<number, string>>;

/** Decodes `"<row id>:|:<col id>:|:<value>"`; the value keeps any separator it contains. */
export function decodeMatrixCells(value: readonly string[]): Map<number, Map<number, string>> {
  const rows = new Map<number, Map<number, string>>();
  for (const entry of value) {
    const [rawRow, rawCol, cellValue] = splitAnswer(entry, 3);
    const rowId = parseId(rawRow);
    const colId = parseId(rawCol);
    if (rowId === null || colId === null || cellValue === undefined || cellValue === '') continue;
    const cells = rows.get(rowId) ?? new Map<number, string>();
    cells.set(colId, cellValue);
    rows.set(rowId, cells);
  }
  return rows;
}

/**
 * Encodes the cells that hold something, rows in `rowIds` order and columns in `colIds` order. A blank cell (only
 * spaces) is left out; the others keep their text as typed, as the field shows it, so a space typed between two
 * words survives the next keystroke (readers trim).
 */
export function encodeMatrixCells(
  rowIds: readonly number[],
  colIds: readonly number[],
  cells: MatrixCellValues,
): string[] {
  return rowIds.flatMap((rowId) =>
    colIds.flatMap((colId) => {
      const cellValue = cells.get(rowId)?.get(colId);
      return cellValue === undefined || isBlank(cellValue) ? [] : [joinAnswer(rowId, colId, cellValue)];
    }),
  );
}

/** One value per item (`scale_stars_matrix`, `freetext_multiple`): `"<item id>:|:<value>"`. */
export type ItemValues = ReadonlyMap<number, string>;

export function decodeItemValues(value: readonly string[]): Map<number, string> {
  const items = new Map<number, string>();
  for (const entry of value) {
    const [rawItem, itemValue] = splitAnswer(entry, 2);
    const itemId = parseId(rawItem);
    if (itemId === null || itemValue === undefined || itemValue === '') continue;
    items.set(itemId, itemValue);
  }
  return items;
}

/** Encodes the values that hold something in `itemIds` order, blank ones left out as in `encodeMatrixCells`. */
export function encodeItemValues(itemIds: readonly number[], values: ItemValues): string[] {
  return itemIds.flatMap((itemId) => {
    const itemValue = values.get(itemId);
    return itemValue === undefined || isBlank(itemValue) ? [] : [joinAnswer(itemId, itemValue)];
  });
}

/**
 * True when every row of `rowIds` has an entry in a decoded matrix answer (decoders keep no empty rows, and
 * widgets delete a row they empty). Matrices use it to start auto flow only once the last row is answered.
 */
export function everyRowAnswered(rowIds: readonly number[], answer: ReadonlyMap<number, unknown>): boolean {
  return rowIds.length > 0 && rowIds.every((rowId) => answer.has(rowId));
}
