// No zod here: the browser resolves texts on every survey page; the schema lives in text-schema.ts.
/**
 * Owner-written text: a string in the survey's original language, or a map from language code to string
 * (`{"es": "Hola", "en": "Hello"}`). Never HTML; may contain line breaks and pipe tokens.
 */
export type Text = string | Record<string, string>;

/**
 * The text to show in `lang`. A missing language falls back to the original language, then to the first value
 * of the map, then to `''`. An empty string counts as missing in a map (an untranslated entry).
 */
export function resolveText(text: Text | null | undefined, lang: string, originalLang: string): string {
  if (text === null || text === undefined) return '';
  if (typeof text === 'string') return text;
  const inLang = textIn(text, lang);
  if (inLang) return inLang;
  const inOriginal = textIn(text, originalLang);
  if (inOriginal) return inOriginal;
  for (const value of Object.values(text)) {
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

/** The map's own text for `lang`: a code such as `constructor` must not reach the object's prototype. */
function textIn(text: Record<string, string>, lang: string): string {
  const value = Object.hasOwn(text, lang) ? text[lang] : undefined;
  return typeof value === 'string' ? value : '';
}
