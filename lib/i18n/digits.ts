/** Each locale's ten digits, built on first use: one `Intl.NumberFormat` a locale. */
const digitsByLocale = new Map<string, readonly string[]>();

/**
 * `text` with its ASCII digits written as the locale writes them (Persian's ۰–۹; most languages keep 0–9), for the
 * numbers the app draws outside a message, such as a question's number or the timer's clock. Messages format their
 * numbers with `Intl.NumberFormat` of the same locale, so one page shows one set of digits.
 */
export function localDigits(text: string, locale: string): string {
  let digits = digitsByLocale.get(locale);
  if (!digits) {
    const format = new Intl.NumberFormat(locale, { useGrouping: false });
    digits = Array.from({ length: 10 }, (_, digit) => format.format(digit));
    digitsByLocale.set(locale, digits);
  }
  const own = digits;
  return own[0] === '0' ? text : text.replace(/[0-9]/g, (digit) => own[Number(digit)] ?? digit);
}

/** One number format a locale, as the messages write a number (`::group-off .##########`). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `value` as the locale writes it in a message: its digits and its decimal mark (Persian ۰٫۵, German 0,5), no
 * grouping, up to ten decimals. For a number the app draws outside a message that may be a decimal, such as a
 * slider's value beside its value text, which a message says.
 */
export function localNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
