import 'server-only';

import { isPersistentKey, type Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import type { QuestionSubtype } from '@/lib/survey-format/widget-kinds';
import type { Widget } from '@/lib/survey-format/widget';

import { badRequest } from '../http/api-error';

/** Characters of one value: a long essay fits a comment, a sentence an input, an id a choice. */
const VALUE_LENGTH: Record<QuestionSubtype, number> = {
  single_select: 2_000,
  single_radio: 2_000,
  single_select_image: 2_000,
  multiple_select: 2_000,
  multiple_checkbox: 2_000,
  multiple_image: 2_000,
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
  freetext_input: 5_000,
  freetext_comment: 50_000,
  freetext_multiple: 5_000,
  freetext_matrix: 5_000,
  other_file_upload: 200,
  other_signature: 200,
};

/** URL parameters and custom fields kept with a response, and the length of each. */
const MAX_CONTEXT_ENTRIES = 50;
const CONTEXT_VALUE_LENGTH = 2_000;

/** Entries one answer may hold: one per choice (and "other"), per matrix cell, per file. */
function maxEntries(widget: Widget): number {
  const items = widget.items.length;
  const cells = Math.max(1, items) * Math.max(1, widget.col_options.length + 1);
  switch (widget.subtype) {
    case 'multiple_select':
    case 'multiple_checkbox':
    case 'multiple_image':
    case 'other_ranking':
    case 'freetext_multiple':
    case 'scale_stars_matrix':
    case 'scale_semantic':
      return items + 1;
    case 'other_radio_matrix':
    case 'other_checkbox_matrix':
    case 'other_dropdown_matrix':
    case 'freetext_matrix':
      return cells;
    case 'other_file_upload':
      return Math.max(1, widget.settings.max_files ?? 1);
    default:
      return 1;
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
        context > MAX_CONTEXT_ENTRIES ||
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
    const subtype = widget.subtype as QuestionSubtype;
    if (answer.length > maxEntries(widget) || answer.some((value) => value.length > VALUE_LENGTH[subtype])) {
      throw badRequest('answer_too_large', `content["${key}"]: longer than a ${subtype} answer can be.`);
    }
  }
}
