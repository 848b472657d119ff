/** freetext_input / freetext_comment: `["text"]`, and `[]` once the field is emptied. */
export function toTextAnswer(text: string): string[] {
  return text === '' ? [] : [text];
}

/**
 * A summation entry as a number, or null when it is not one. A lone comma counts as the decimal mark, because
 * respondents in most of the app's languages type "2,5".
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalised = trimmed.includes('.') ? trimmed : trimmed.replace(/^([^,]*),([^,]*)$/, '$1.$2');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}

/** Sum of the entries that are numbers; rounded so 0.1 + 0.2 shows as 0.3, not 0.30000000000000004. */
export function sumAmounts(texts: Iterable<string>): number {
  let sum = 0;
  for (const text of texts) sum += parseAmount(text) ?? 0;
  return Math.round(sum * 1e9) / 1e9;
}
