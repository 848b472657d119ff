/**
 * Any decimal digit but ASCII's, and the Arabic decimal separator (٫), a mark like the dot. Not the Arabic
 * thousands separator (٬): a typed number has none (answer-number.ts), and read as the comma it would be a decimal.
 */
const NON_ASCII_NUMBER_CHAR = /\u066B|(?![0-9])\p{Nd}/gu;
const DIGIT = /^\p{Nd}$/u;

/** ASCII digit of each non-ASCII digit met so far (Unicode has some 700). */
const asciiByDigit = new Map<string, string>();

/**
 * Unicode encodes every script's digits as runs of ten in ascending order, each run from its zero (a stability
 * policy of the `Nd` category), so a digit's value is its distance from the start of its run, modulo ten for the
 * runs that hold several sets (mathematical digits).
 */
function asciiDigit(digit: string): string {
  let ascii = asciiByDigit.get(digit);
  if (ascii === undefined) {
    const code = digit.codePointAt(0) ?? 0;
    let start = code;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    ascii = String((code - start) % 10);
    asciiByDigit.set(digit, ascii);
  }
  return ascii;
}

/**
 * `text` with every decimal digit in ASCII (Persian ۲۵ and Arabic-Indic ٢٥ read 25) and the Arabic decimal separator as
 * the dot, for the readers of typed numbers: the app writes numbers in the locale's digits (digits.ts), so a
 * respondent types them too. Everything else is left as it is.
 */
export function asciiDigits(text: string): string {
  return text.replace(NON_ASCII_NUMBER_CHAR, (char) => (char === '\u066B' ? '.' : asciiDigit(char)));
}
