import * as z from 'zod/mini';
import type { Text } from './text';

/**
 * A text written as a number (an option `1`) is its decimal string. In a map of languages, a number is its string
 * too, and a language left null or holding anything else (`{"es": "Hola", "en": []}`) is a missing one, which falls
 * back as text.ts says.
 */
function readableText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([language, text]) => {
      if (typeof text === 'string') return [[language, text]];
      return typeof text === 'number' && Number.isFinite(text) ? [[language, String(text)]] : [];
    }),
  );
}

/** `Text` on the wire (see text.ts). The JSON Schema documents the union (a pipe from a transform shows its output). */
export const textSchema: z.ZodMiniType<Text> = z.pipe(
  z.transform(readableText),
  z.union([z.string(), z.record(z.string(), z.string())]),
);
