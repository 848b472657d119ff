import * as z from 'zod/mini';
import type { Text } from './text';

/** A language left null (`{"es": "Hola", "en": null}`) is a missing one, which falls back as text.ts says. */
function withoutNullLanguages(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, text]) => text !== null));
}

/** `Text` on the wire (see text.ts). The JSON Schema documents the union (a pipe from a transform shows its output). */
export const textSchema: z.ZodMiniType<Text> = z.pipe(
  z.transform(withoutNullLanguages),
  z.union([z.string(), z.record(z.string(), z.string())]),
);
