import { parseAnswerNumber } from '@/lib/survey-format/answer-number';

/** freetext_input / freetext_comment: `["text"]`, and `[]` once the field is emptied. */
export function toTextAnswer(text: string): string[] {
  return text === '' ? [] : [text];
}

/**
 * The running total of a summation: the entries validation accepts as numbers (one rule, answer-number.ts), so
 * the total shown never counts what the sum check then rejects ("60." counts once a digit follows). Rounded so
 * 0.1 + 0.2 shows as 0.3, not 0.30000000000000004.
 */
export function sumAmounts(texts: Iterable<string>): number {
  let sum = 0;
  for (const text of texts) sum += parseAnswerNumber(text) ?? 0;
  return Math.round(sum * 1e9) / 1e9;
}
