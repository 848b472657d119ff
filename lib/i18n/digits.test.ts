import { describe, expect, it } from 'vitest';
import { localDigits } from './digits';

describe('localDigits', () => {
  it("writes a number's digits as its locale does, and leaves the rest as it is", () => {
    expect(localDigits('12.', 'fa')).toBe('۱۲.');
    expect(localDigits('1:05:09', 'fa')).toBe('۱:۰۵:۰۹');
    expect(localDigits('12.', 'en')).toBe('12.');
    expect(localDigits('4:59', 'ca-ES-valencia')).toBe('4:59');
  });
});
