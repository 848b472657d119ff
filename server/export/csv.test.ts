import { describe, expect, it } from 'vitest';

import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes per RFC 4180 and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['say "hi"', 'two\nlines'],
      ]),
    ).toBe('a,"b,c"\r\n"say ""hi""","two\nlines"\r\n');
  });

  it('defuses formulas but keeps negative numbers', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('-2,5')).toBe('"-2,5"');
  });
});
