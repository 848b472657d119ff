import { describe, expect, it } from 'vitest';
import { localDigits, localNumber } from './digits';

describe('localDigits', () => {
  it("writes a number's digits as its locale does, and leaves the rest as it is", () => {
    expect(localDigits('12.', 'fa')).toBe('۱۲.');
    expect(localDigits('1:05:09', 'fa')).toBe('۱:۰۵:۰۹');
    expect(localDigits('12.', 'en')).toBe('12.');
    expect(localDigits('4:59', 'ca-ES-valencia')).toBe('4:59');
  });
});

describe('localNumber', () => {
  it('writes a number as a message does: the locale’s digits and decimal mark, no grouping, up to ten decimals', () => {
    expect(localNumber(1900.5, 'en')).toBe('1900.5');
    expect(localNumber(0.5, 'de')).toBe('0,5');
    expect(localNumber(1.5, 'fa')).toBe('۱٫۵');
    expect(localNumber(0.0001, 'en')).toBe('0.0001');
  });
});
