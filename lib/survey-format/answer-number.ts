import { asciiDigits } from '@/lib/i18n/ascii-digits';

// Optional sign, digits, at most one decimal mark: a dot or a comma (respondents in es/ca/fr… type commas). No
// thousands separators and no exponent; a trailing mark ("60.") is not a number until a digit follows. Read after
// asciiDigits: a number typed in any script's digits (Persian ۷٫۵) is the same number.
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

/**
 * The number a respondent typed, or `null` when the text is not one. Validation, logic, quiz scoring and the
 * summation total all read numbers here, so the total a respondent sees counts exactly what validation accepts.
 * A pattern, not `Number()`: `Number('')` is 0 and `Number('1e3')` is 1000.
 */
export function parseAnswerNumber(text: string): number | null {
  const trimmed = asciiDigits(text.trim());
  return NUMBER.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}
