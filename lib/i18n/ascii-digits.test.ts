import { describe, expect, it } from 'vitest';
import { asciiDigits } from './ascii-digits';

const DECIMAL_DIGIT = /^\p{Nd}$/u;

describe('asciiDigits', () => {
  it('reads Persian and Arabic-Indic digits and the Arabic decimal mark as ASCII, as fa and ar write them', () => {
    expect(asciiDigits('۲۵')).toBe('25');
    expect(asciiDigits('٢٥')).toBe('25');
    expect(asciiDigits(new Intl.NumberFormat('fa').format(7.5))).toBe('7.5');
    expect(asciiDigits('۱۴۰۵/۰۹/۰۷')).toBe('1405/09/07');
  });

  it('leaves the Arabic thousands separator, so that ۱٬۲۳۴ is not read as the decimal 1,234', () => {
    expect(asciiDigits('۱٬۲۳۴')).toBe('1٬234');
  });

  it('leaves ASCII digits and every other character as they are', () => {
    expect(asciiDigits('-12.5, abc ٪ 二')).toBe('-12.5, abc ٪ 二');
  });

  it("maps every numbering system's ten digits to 0–9", () => {
    for (const numberingSystem of Intl.supportedValuesOf('numberingSystem')) {
      const format = new Intl.NumberFormat('en', { numberingSystem, useGrouping: false });
      const digits = Array.from({ length: 10 }, (_, digit) => format.format(digit));
      // Han and a few others write digits that are letters or symbols, not decimal digits.
      if (!digits.every((digit) => DECIMAL_DIGIT.test(digit))) continue;
      expect(asciiDigits(digits.join('')), numberingSystem).toBe('0123456789');
    }
  });
});
