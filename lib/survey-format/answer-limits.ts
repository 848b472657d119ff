import type { QuestionSubtype } from './widget-kinds';

/**
 * Characters a respondent can type into one field. The text widgets stop there (`maxLength`), so an answer never
 * reaches the server longer than it takes: every save carries the whole answer map, and one value refused would
 * keep every later answer and the finish off the server.
 */
export const TYPED_TEXT_LENGTH = {
  /** A one-line field: an input, a cell of a text matrix, an item of a multiple text question. */
  line: 5_000,
  comment: 50_000,
  /** The text typed beside a choice's "other". */
  other: 1_000,
} as const;

/**
 * URL parameters and custom fields a response keeps (`url_param:`, `custom_field:` content) in all: the server
 * refuses more, and the survey page keeps no more URL parameters than that.
 */
export const CONTEXT_ENTRIES = 50;

/** Room in a stored value for the ids and separators around typed text (`<row>:|:<col>:|:`, `others:|:`). */
const VALUE_FRAME = 64;

/** A choice's id, or its "other" with the text typed beside it. */
const CHOICE = 2_000;
const LINE = TYPED_TEXT_LENGTH.line + VALUE_FRAME;

/** Characters of one stored value, by subtype: a long essay fits a comment, a sentence an input, an id a choice. */
export const VALUE_LENGTH: Record<QuestionSubtype, number> = {
  single_select: CHOICE,
  single_radio: CHOICE,
  single_select_image: CHOICE,
  multiple_select: CHOICE,
  multiple_checkbox: CHOICE,
  multiple_image: CHOICE,
  other_dropdown_matrix: 2_000,
  other_radio_matrix: 100,
  other_checkbox_matrix: 100,
  scale_stars: 20,
  scale_stars_matrix: 100,
  scale_slider: 40,
  scale_semantic: 100,
  scale_numeric: 20,
  scale_nps: 20,
  other_ranking: 40,
  other_datetime: 40,
  freetext_input: LINE,
  freetext_comment: TYPED_TEXT_LENGTH.comment + VALUE_FRAME,
  freetext_multiple: LINE,
  freetext_matrix: LINE,
  other_file_upload: 200,
  other_signature: 200,
};
