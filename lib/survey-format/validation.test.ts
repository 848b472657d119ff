import { describe, expect, it } from 'vitest';
import { dateFormats } from './date-formats';
import { validationSchema, validationTypes } from './validation';

describe('validationSchema', () => {
  it('lists the spec types and six date formats', () => {
    expect(validationTypes).toHaveLength(8);
    expect(dateFormats).toEqual(['MM-DD-YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD']);
  });

  it('fills missing bounds with null', () => {
    expect(validationSchema.parse({ type: 'text' })).toEqual({
      type: 'text',
      min_length: null,
      max_length: null,
      min_value: null,
      max_value: null,
      pattern: null,
      date_format: null,
      restricted_values: [],
    });
  });

  it('parses every type', () => {
    for (const type of validationTypes) expect(validationSchema.safeParse({ type }).success).toBe(true);
  });

  it('keeps a full validation', () => {
    const full = {
      type: 'date',
      min_length: 2,
      max_length: 100,
      min_value: 0,
      max_value: 10,
      pattern: '^[A-Z]{3}$',
      date_format: 'DD/MM/YYYY',
      restricted_values: ['n/a'],
    } as const;
    expect(validationSchema.parse(full)).toEqual(full);
  });

  it('rejects an unknown type (the widget then checks nothing: widget.ts), and reads an unknown date format as none', () => {
    expect(validationSchema.safeParse({ type: 'phone' }).success).toBe(false);
    expect(validationSchema.parse({ type: 'date', date_format: 'YY.MM.DD' }).date_format).toBeNull();
  });
});
