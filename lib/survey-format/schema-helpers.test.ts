import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bitAsBoolean, idSchema, numberField } from './schema-helpers';

describe('numbers written as decimal strings', () => {
  it('reads an id of 16 digits that is still a safe integer', () => {
    expect(z.parse(idSchema, '1234567890123456')).toBe(1234567890123456);
    expect(z.parse(idSchema, '-1234567890123456')).toBe(-1234567890123456);
    expect(z.parse(numberField(z.number()), '12.5')).toBe(12.5);
  });

  it('refuses one beyond the safe integers, which would name another id', () => {
    expect(z.safeParse(idSchema, '9007199254740993').success).toBe(false);
    expect(z.safeParse(idSchema, '12345678901234567').success).toBe(false);
  });
});

describe('bitAsBoolean', () => {
  it.each([
    ['yes', true],
    ['YES', true],
    [' Yes ', true],
    ['no', false],
    ['No', false],
    ['true', true],
    [0, false],
  ])('reads %j as %j', (value, expected) => {
    expect(bitAsBoolean(value)).toBe(expected);
  });

  it('leaves any other word as it is', () => {
    expect(bitAsBoolean('maybe')).toBe('maybe');
  });
});
