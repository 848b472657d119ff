import 'server-only';

import { CONTEXT_ENTRIES, VALUE_LENGTH } from '@/lib/survey-format/answer-limits';
import { isPersistentKey, type Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import { isQuestionSubtype, type QuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

import { badRequest } from '../http/api-error';

const UNKNOWN_VALUE_LENGTH = 2_000;

/** The length of each URL parameter and custom field kept with a response. */
const CONTEXT_VALUE_LENGTH = 2_000;

/** Entries one answer may hold: one, one per item (and "other"), one per matrix cell, one per file. */
const ENTRIES: Record<QuestionSubtype, 'one' | 'per item' | 'per cell' | 'per file'> = {
  single_select: 'one',
  single_radio: 'one',
  single_select_image: 'one',
  multiple_select: 'per item',
  multiple_checkbox: 'per item',
  multiple_image: 'per item',
  other_dropdown_matrix: 'per cell',
  other_radio_matrix: 'per cell',
  other_checkbox_matrix: 'per cell',
  scale_stars: 'one',
  scale_stars_matrix: 'per item',
  scale_slider: 'one',
  scale_semantic: 'per item',
  scale_numeric: 'one',
  scale_nps: 'one',
  other_ranking: 'per item',
  other_datetime: 'one',
  freetext_input: 'one',
  freetext_comment: 'one',
  freetext_multiple: 'per item',
  freetext_matrix: 'per cell',
  other_file_upload: 'per file',
  other_signature: 'one',
};

function maxEntries(widget: Widget, subtype: QuestionSubtype): number {
  const items = widget.items.length;
  switch (ENTRIES[subtype]) {
    case 'one':
      return 1;
    case 'per item':
      return items + 1;
    case 'per cell':
      return Math.max(1, items) * Math.max(1, widget.col_options.length + 1);
    case 'per file':
      return Math.max(1, widget.settings.max_files ?? 1);
  }
}

/**
 * Answers within what their question can hold, so an anonymous caller cannot park megabytes in a response: every
 * key a question of the survey (or a URL parameter or custom field, 50 at most), every answer no longer than its
 * question allows, every value no longer than its kind needs. 400 naming the first key that does not fit.
 */
export function checkContentLimits(survey: Survey, content: Content): void {
  const widgets = new Map(survey.pages.flatMap((page) => page.widgets).map((widget) => [String(widget.id), widget]));
  let context = 0;
  for (const [key, answer] of Object.entries(content)) {
    if (isPersistentKey(key)) {
      context += 1;
      if (
        context > CONTEXT_ENTRIES ||
        answer.length > 1 ||
        answer.some((value) => value.length > CONTEXT_VALUE_LENGTH)
      ) {
        throw badRequest(
          'answer_too_large',
          `content["${key}"]: too many or too long URL parameters or custom fields.`,
        );
      }
      continue;
    }
    const widget = widgets.get(key);
    if (!widget || !widget.is_question) {
      throw badRequest('unknown_question', `content["${key}"]: the survey has no question with this id.`);
    }
    // A subtype this server does not know holds one value, as long as a choice's.
    const known = isQuestionSubtype(widget.subtype) ? widget.subtype : null;
    const entries = known ? maxEntries(widget, known) : 1;
    const valueLength = known ? VALUE_LENGTH[known] : UNKNOWN_VALUE_LENGTH;
    if (answer.length > entries || answer.some((value) => value.length > valueLength)) {
      throw badRequest('answer_too_large', `content["${key}"]: longer than a ${widget.subtype} answer can be.`);
    }
  }
}
