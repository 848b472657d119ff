// Subtypes and answer formats, without zod: the browser needs them on every survey page.

/** The 21 question subtypes of spec §3, plus `other_file_upload` and `other_signature`. */
export const questionSubtypes = [
  'single_select_image',
  'single_select',
  'single_radio',
  'scale_stars',
  'scale_stars_matrix',
  'scale_slider',
  'scale_semantic',
  'scale_numeric',
  'scale_nps',
  'other_ranking',
  'other_radio_matrix',
  'other_dropdown_matrix',
  'other_datetime',
  'other_checkbox_matrix',
  'multiple_select',
  'multiple_image',
  'multiple_checkbox',
  'freetext_multiple',
  'freetext_matrix',
  'freetext_input',
  'freetext_comment',
  'other_file_upload',
  'other_signature',
] as const;
export type QuestionSubtype = (typeof questionSubtypes)[number];

/** Subtypes of widgets with `is_question: false`. */
export const blockSubtypes = ['text_block', 'image_block', 'video_block'] as const;
export type BlockSubtype = (typeof blockSubtypes)[number];

export const widgetSubtypes = [...questionSubtypes, ...blockSubtypes] as const;
export type WidgetSubtype = QuestionSubtype | BlockSubtype;

export function isQuestionSubtype(subtype: string): subtype is QuestionSubtype {
  return (questionSubtypes as readonly string[]).includes(subtype);
}

export const answerFormats = ['SINGLE', 'MULTIPLE', 'MATRIX_OPTION', 'MATRIX_VALUE'] as const;
export type AnswerFormat = (typeof answerFormats)[number];

const ANSWER_FORMAT: Record<QuestionSubtype, AnswerFormat> = {
  single_select: 'SINGLE',
  single_radio: 'SINGLE',
  single_select_image: 'SINGLE',
  multiple_select: 'MULTIPLE',
  multiple_checkbox: 'MULTIPLE',
  multiple_image: 'MULTIPLE',
  other_dropdown_matrix: 'MATRIX_VALUE',
  other_radio_matrix: 'MATRIX_OPTION',
  other_checkbox_matrix: 'MATRIX_OPTION',
  scale_stars: 'SINGLE',
  scale_stars_matrix: 'MATRIX_VALUE',
  scale_slider: 'SINGLE',
  scale_semantic: 'MATRIX_OPTION',
  scale_numeric: 'SINGLE',
  scale_nps: 'SINGLE',
  other_ranking: 'MULTIPLE',
  other_datetime: 'SINGLE',
  freetext_input: 'SINGLE',
  freetext_comment: 'SINGLE',
  freetext_multiple: 'MATRIX_VALUE',
  freetext_matrix: 'MATRIX_VALUE',
  other_file_upload: 'MULTIPLE',
  other_signature: 'SINGLE',
};

/** How a subtype's answer is encoded in `content` (survey-format.md, "Answers"). */
export function answerFormatOf(subtype: QuestionSubtype): AnswerFormat {
  return ANSWER_FORMAT[subtype];
}

/** How a question offers its listed options: one, several, or all of them in an order; null when it lists none. */
export type ChoiceKind = 'single' | 'multiple' | 'ranking' | null;

/**
 * Per-subtype properties, each an exhaustive table: a new subtype fails the type check here until it says what it
 * is, and validation, piping, the flow and every answer text read these instead of lists of their own.
 */
const SUBTYPE_KINDS: Record<
  QuestionSubtype,
  {
    choice: ChoiceKind;
    /** Parts of one matrix entry: `row:|:col` or `row:|:value` (2), `row:|:col:|:value` (3); null: no matrix. */
    matrixCellParts: 2 | 3 | null;
    /** Auto question flow moves on once this is answered (one tap completes it). */
    advancesByItself: boolean;
    /** Its answer is upload ids. */
    storesFiles: boolean;
  }
> = {
  single_select: { choice: 'single', matrixCellParts: null, advancesByItself: true, storesFiles: false },
  single_radio: { choice: 'single', matrixCellParts: null, advancesByItself: true, storesFiles: false },
  single_select_image: { choice: 'single', matrixCellParts: null, advancesByItself: true, storesFiles: false },
  multiple_select: { choice: 'multiple', matrixCellParts: null, advancesByItself: false, storesFiles: false },
  multiple_checkbox: { choice: 'multiple', matrixCellParts: null, advancesByItself: false, storesFiles: false },
  multiple_image: { choice: 'multiple', matrixCellParts: null, advancesByItself: false, storesFiles: false },
  other_ranking: { choice: 'ranking', matrixCellParts: null, advancesByItself: false, storesFiles: false },
  scale_stars: { choice: null, matrixCellParts: null, advancesByItself: true, storesFiles: false },
  scale_slider: { choice: null, matrixCellParts: null, advancesByItself: true, storesFiles: false },
  scale_numeric: { choice: null, matrixCellParts: null, advancesByItself: true, storesFiles: false },
  scale_nps: { choice: null, matrixCellParts: null, advancesByItself: true, storesFiles: false },
  scale_semantic: { choice: null, matrixCellParts: 2, advancesByItself: true, storesFiles: false },
  scale_stars_matrix: { choice: null, matrixCellParts: 2, advancesByItself: true, storesFiles: false },
  other_radio_matrix: { choice: null, matrixCellParts: 2, advancesByItself: true, storesFiles: false },
  other_checkbox_matrix: { choice: null, matrixCellParts: 2, advancesByItself: false, storesFiles: false },
  other_dropdown_matrix: { choice: null, matrixCellParts: 3, advancesByItself: false, storesFiles: false },
  freetext_matrix: { choice: null, matrixCellParts: 3, advancesByItself: false, storesFiles: false },
  freetext_multiple: { choice: null, matrixCellParts: 2, advancesByItself: false, storesFiles: false },
  other_datetime: { choice: null, matrixCellParts: null, advancesByItself: false, storesFiles: false },
  freetext_input: { choice: null, matrixCellParts: null, advancesByItself: false, storesFiles: false },
  freetext_comment: { choice: null, matrixCellParts: null, advancesByItself: false, storesFiles: false },
  other_file_upload: { choice: null, matrixCellParts: null, advancesByItself: false, storesFiles: true },
  other_signature: { choice: null, matrixCellParts: null, advancesByItself: false, storesFiles: true },
};

export function choiceKindOf(subtype: string): ChoiceKind {
  return isQuestionSubtype(subtype) ? SUBTYPE_KINDS[subtype].choice : null;
}

export function matrixCellPartsOf(subtype: string): 2 | 3 | null {
  return isQuestionSubtype(subtype) ? SUBTYPE_KINDS[subtype].matrixCellParts : null;
}

export function advancesByItself(subtype: string): boolean {
  return isQuestionSubtype(subtype) && SUBTYPE_KINDS[subtype].advancesByItself;
}

export function storesFiles(subtype: string): boolean {
  return isQuestionSubtype(subtype) && SUBTYPE_KINDS[subtype].storesFiles;
}
