import * as z from 'zod/mini';
import type { Text } from './text';

/**
 * A text written as a number (an option `1`) is its decimal string. In a map of languages, a number is its string
 * too, and a language left null or holding anything else (`{"es": "Hola", "en": []}`) is a missing one, which falls
 * back as text.ts says. A language written in another case (`"EN"`) is that language: the app's codes are lower
 * case. Of two keys naming one language, the first with text is kept.
 */
function readableText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const texts = new Map<string, string>();
  for (const [language, text] of Object.entries(value)) {
    const readable = typeof text === 'number' && Number.isFinite(text) ? String(text) : text;
    const code = languageCode(language);
    if (typeof readable === 'string' && !texts.get(code)) texts.set(code, readable);
  }
  return Object.fromEntries(texts);
}

/** Language tags another backend may write for the spec's own codes (`jp`, `no`, `val` are not tags). */
const SPEC_CODES: Readonly<Record<string, string>> = {
  ja: 'jp',
  nb: 'no',
  nn: 'no',
  'ca-valencia': 'val',
  'ca-es-valencia': 'val',
};

/**
 * A language code as the app writes it, the spec's (survey-format.md "Conventions"): `"EN"` is `en`, and a tag that
 * names one of its languages under another code (`ja`, `nb`, `ca-ES-valencia`) is that code.
 */
export function languageCode(code: string): string {
  const lower = code.toLowerCase();
  return Object.hasOwn(SPEC_CODES, lower) ? SPEC_CODES[lower]! : lower;
}

/** `Text` on the wire (see text.ts). The JSON Schema documents the union (a pipe from a transform shows its output). */
export const textSchema: z.ZodMiniType<Text> = z.pipe(
  z.transform(readableText),
  z.union([z.string(), z.record(z.string(), z.string())]),
);
