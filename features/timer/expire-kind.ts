import {
  EMPTY_ROW,
  OTHER_VALUE,
  isEmptyAnswer,
  splitAnswer,
  type Answer,
  type Content,
} from '@/lib/survey-format/content';

/** The two PATCH forms of a response that ran out of time (spec §7, forms 4 and 5). */
export type ExpireKind = 'expired_empty' | 'expired_partial';

/** `"<row id>:|:empty_row"`: a matrix row left blank. `"others:|:empty_row"` is the typed text of an 'other'. */
function isBlankRow(entry: string): boolean {
  const parts = splitAnswer(entry);
  return parts.length === 2 && parts[1] === EMPTY_ROW && parts[0] !== OTHER_VALUE;
}

/** A matrix whose rows are all blank is present in the content, yet nothing was chosen. */
function isAnswered(answer: Answer | undefined): boolean {
  if (answer === undefined || isEmptyAnswer(answer)) return false;
  return answer.some((entry) => !isBlankRow(entry));
}

/**
 * Which expiry applies when time runs out: `expired_empty` when none of the questions was answered, else
 * `expired_partial` (sent with the content). Only `questionIds` count: custom fields and URL parameters are in
 * the content from the start and say nothing about the respondent's progress.
 */
export function expireKind(content: Readonly<Content>, questionIds: Iterable<number | string>): ExpireKind {
  for (const id of questionIds) {
    if (isAnswered(content[String(id)])) return 'expired_partial';
  }
  return 'expired_empty';
}
