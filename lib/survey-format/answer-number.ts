import { asciiDigits } from '@/lib/i18n/ascii-digits';

// Optional sign, digits, at most one decimal mark: a dot or a comma (respondents in es/ca/fr… type commas). No
// thousands separators and no exponent; a trailing mark ("60.") is not a number until a digit follows. Read after
// asciiDigits: a number typed in any script's digits (Persian ۷٫۵) is the same number.
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
// One to three digits, then one dot or comma and exactly three digits: "1,000" is a thousand to some respondents
// and one to others. The Arabic decimal separator (٫) is never a thousands one, so it stays out.
const THOUSANDS_LIKE = /^[+-]?(\p{Nd}{1,3})[.,]\p{Nd}{3}$/u;

/** Whether the text could be a whole number written with a thousands separator (`0,125` cannot: no one writes 0 thousand). */
function readsAsThousands(text: string): boolean {
  const integerPart = THOUSANDS_LIKE.exec(text)?.[1];
  return integerPart !== undefined && Number(asciiDigits(integerPart)) !== 0;
}

/**
 * The number a respondent typed, or `null` when the text is not one, or could be two (`1,000`: one thousand, or
 * one). Validation, logic, quiz scoring and the summation total all read numbers here, so the total a respondent
 * sees counts exactly what validation accepts. A pattern, not `Number()`: `Number('')` is 0 and `Number('1e3')`
 * is 1000.
 */
export function parseAnswerNumber(text: string): number | null {
  const trimmed = text.trim();
  if (readsAsThousands(trimmed)) return null;
  const ascii = asciiDigits(trimmed);
  return NUMBER.test(ascii) ? Number(ascii.replace(',', '.')) : null;
}
