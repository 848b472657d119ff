import { beforeAll, describe, expect, it } from 'vitest';

import { dateFormats } from '@/lib/survey-format/date-formats';
import {
  compilePattern,
  isAlphanumeric,
  isDateInFormat,
  isDecimal,
  isEmail,
  isInteger,
  isText,
  isWebpage,
  loadPatternEngine,
  matchesPattern,
} from './value-checks';

beforeAll(() => loadPatternEngine());

describe('numbers', () => {
  it.each(['0', '42', '-7', '+3', '007'])('integer %s passes', (value) => expect(isInteger(value)).toBe(true));
  it.each(['', '4.2', '1e3', '12a', ' ', '--1', '1 000'])('integer %j fails', (value) =>
    expect(isInteger(value)).toBe(false),
  );
  it.each(['0', '4.2', '4,2', '-0.5', '.5', ',5', '10'])('decimal %s passes', (value) =>
    expect(isDecimal(value)).toBe(true),
  );
  it.each(['', '4.', '1.2.3', '1e3', 'abc', '1,000.5'])('decimal %j fails', (value) =>
    expect(isDecimal(value)).toBe(false),
  );
  // fa and ar write numbers in their own digits, so respondents type them too.
  it.each(['۲۵', '٢٥', '-۷'])('integer %s in Persian or Arabic-Indic digits passes', (value) =>
    expect(isInteger(value)).toBe(true),
  );
  it.each(['۷٫۵', '٧٫٥', '۷.۵', '۷,۵'])('decimal %s in Persian or Arabic-Indic digits passes', (value) =>
    expect(isDecimal(value)).toBe(true),
  );
});

describe('text and alphanumeric', () => {
  it.each(['Hola', 'José María', "O'Brien-Smith", 'Привет мир', '日本語', 'Ça va?'])('text %s passes', (value) =>
    expect(isText(value)).toBe(true),
  );
  it.each(['123', 'R2D2', '!!!', '', '4 casas'])('text %j fails', (value) => expect(isText(value)).toBe(false));
  it.each(['abc123', 'Ñandú 2', 'Calle 5', '12345'])('alphanumeric %s passes', (value) =>
    expect(isAlphanumeric(value)).toBe(true),
  );
  it.each(['abc-123', 'a_b', 'hi!', '', ' lead'])('alphanumeric %j fails', (value) =>
    expect(isAlphanumeric(value)).toBe(false),
  );
});

describe('email and webpage', () => {
  it.each(['ana@example.com', 'a.b+tag@sub.example.co', 'x_y@dominio.es'])('email %s passes', (value) =>
    expect(isEmail(value)).toBe(true),
  );
  it.each(['ana@', '@example.com', 'ana@example', 'ana example@x.com', 'ana@@x.com', 'ana@-x.com'])(
    'email %s fails',
    (value) => expect(isEmail(value)).toBe(false),
  );
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#x',
    'example.com',
    'www.example.co.uk/a',
    'https://sub.dominio.es:8080/x',
    'münchen.de',
    'http://192.168.1.10/form',
    '10.0.0.1:8080',
    'https://[2001:db8::1]/x',
  ])('webpage %s passes', (value) => expect(isWebpage(value)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'ftp://example.com',
    'example',
    'http://',
    'exa mple.com',
    'https://user:pw@example.com',
    'http://-bad.com',
    'localhost',
    'http://1.2',
    'http://256.1.1.1',
    'https://[2001:db8::1',
    'http://user@[::1]/',
  ])('webpage %s fails', (value) => expect(isWebpage(value)).toBe(false));
});

describe('regex (RE2)', () => {
  it('uses search semantics; anchors make it whole-value', () => {
    expect(matchesPattern('ABC', '^[A-Z]{3}$')).toBe(true);
    expect(matchesPattern('ABCD', '^[A-Z]{3}$')).toBe(false);
    expect(matchesPattern('xxABCxx', '[A-Z]{3}')).toBe(true);
  });
  it('passes (never throws) on a pattern RE2 cannot compile', () => {
    for (const pattern of ['(a', '(?<=a)b', '(a)\\1', '[z-a]']) {
      expect(() => matchesPattern('anything', pattern)).not.toThrow();
      expect(matchesPattern('anything', pattern)).toBe(true);
    }
  });
  it('runs a catastrophic-backtracking pattern in linear time', () => {
    const start = Date.now();
    expect(matchesPattern(`${'a'.repeat(5000)}!`, '^(a+)+$')).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });
  it('caches compiled patterns', () => {
    expect(compilePattern('^x$')).toBe(compilePattern('^x$'));
  });
});

describe('dates', () => {
  it('accepts real dates in each of the six formats', () => {
    const samples: Record<(typeof dateFormats)[number], string> = {
      'MM-DD-YYYY': '02-29-2024',
      'DD-MM-YYYY': '29-02-2024',
      'YYYY-MM-DD': '2024-02-29',
      'MM/DD/YYYY': '12/31/2026',
      'DD/MM/YYYY': '31/12/2026',
      'YYYY/MM/DD': '2026/1/5',
    };
    for (const format of dateFormats) expect(isDateInFormat(samples[format], format)).toBe(true);
  });
  it.each([
    ['31-02-2026', 'DD-MM-YYYY'],
    ['29-02-2025', 'DD-MM-YYYY'],
    ['29-02-1900', 'DD-MM-YYYY'],
    ['31-04-2026', 'DD-MM-YYYY'],
    ['13/01/2026', 'MM/DD/YYYY'],
    ['00/01/2026', 'DD/MM/YYYY'],
    ['2026-01-01', 'DD-MM-YYYY'],
    ['01/01/2026', 'DD-MM-YYYY'],
    ['01-01-26', 'DD-MM-YYYY'],
    ['1-1-2026x', 'DD-MM-YYYY'],
    ['', 'YYYY-MM-DD'],
    ['2026-1-1-1', 'YYYY-MM-DD'],
  ] as const)('%j is not a %s date', (value, format) => expect(isDateInFormat(value, format)).toBe(false));
  it('accepts 29 February 2000 (divisible by 400)', () => {
    expect(isDateInFormat('29/02/2000', 'DD/MM/YYYY')).toBe(true);
  });
  it('reads Persian and Arabic-Indic digits', () => {
    expect(isDateInFormat('۲۰۲۶/۰۹/۰۷', 'YYYY/MM/DD')).toBe(true);
    expect(isDateInFormat('٢٨-١١-٢٠٢٦', 'DD-MM-YYYY')).toBe(true);
    expect(isDateInFormat('۳۱-۰۲-۲۰۲۶', 'DD-MM-YYYY')).toBe(false);
  });
});

describe('linear time', () => {
  // The worst case of each check: a 1 MB answer that almost matches, so a backtracking pattern would try every split.
  const MB = 1024 * 1024;
  const worst: Array<[string, (value: string) => boolean, string]> = [
    ['text, punctuation without a letter', isText, ' .'.repeat(MB / 2)],
    ['text, letters then a digit', isText, `${'a'.repeat(MB)}1`],
    ['alphanumeric, words then a symbol', isAlphanumeric, `${'ab '.repeat(MB / 3)}!`],
    ['integer', isInteger, `${'1'.repeat(MB)}x`],
    ['decimal', isDecimal, `${'1'.repeat(MB)},,`],
    ['email', isEmail, `${'a'.repeat(MB)}@`],
    ['webpage', isWebpage, `http://${'a.'.repeat(MB / 2)}`],
  ];
  it.each(worst)('validates a 1 MB answer (%s) without freezing the page', (_name, check, value) => {
    const started = performance.now();
    check(value);
    // Linear checks take a few milliseconds on 1 MB; a quadratic one takes minutes.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
