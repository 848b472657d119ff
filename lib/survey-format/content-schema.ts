import * as z from 'zod/mini';
import { normalizeAnswer, type Answer } from './content';
import { objectAsList, readAfter } from './schema-helpers';

/** An answer as another backend may store it: `null` is unanswered, one value is a list of it, `{}` is `[]`. */
function answerList(answer: unknown): unknown {
  if (answer === null || answer === undefined) return [];
  if (typeof answer === 'string' || typeof answer === 'number') return [answer];
  return objectAsList(answer);
}

const answerSchema = z.pipe(
  readAfter(answerList, z.array(z.union([z.string(), z.number(), z.null()]))),
  z.transform((list: (string | number | null)[]): Answer => normalizeAnswer(list)),
);

/** Answers in no shape of an answer (an object of named fields) are left out; the others are kept. */
function withoutUnreadableAnswers(content: unknown): unknown {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  return Object.fromEntries(Object.entries(content).filter(([, answer]) => z.safeParse(answerSchema, answer).success));
}

/**
 * `content` as it travels. Lenient on items: numbers become strings and a list whose first item is empty or null
 * becomes `[]` (spec §4), so a backend that stored `[null]` or `[""]` still parses; so does an answer stored as
 * `null`, which is unanswered (`[]`), or as one value.
 */
export const contentSchema = readAfter(withoutUnreadableAnswers, z.record(z.string(), answerSchema));
