import * as z from 'zod/mini';
import { normalizeAnswer, type Answer } from './content';
import { readAfter } from './schema-helpers';

/**
 * `content` as it travels. Lenient on items: numbers become strings and a list whose first item is empty or null
 * becomes `[]` (spec §4), so a backend that stored `[null]` or `[""]` still parses; so does an answer stored as
 * `null`, which is unanswered (`[]`).
 */
export const contentSchema = z.record(
  z.string(),
  z.pipe(
    readAfter((answer) => answer ?? [], z.array(z.union([z.string(), z.number(), z.null()]))),
    z.transform((list: (string | number | null)[]): Answer => normalizeAnswer(list)),
  ),
);
