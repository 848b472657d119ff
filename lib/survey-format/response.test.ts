import { describe, expect, it, vi } from 'vitest';
import {
  alertQueueBodySchema,
  checkPasswordBodySchema,
  checkPasswordResultSchema,
  createResponseBodySchema,
  createResponseResultSchema,
  emailQueueBodySchema,
  patchKind,
  patchResponseBodySchema,
  responseReadSchema,
  uploadResultSchema,
} from './response';

const content = { '101': ['1'], 'url_param:utm': ['mail'] };

describe('create response', () => {
  it('parses the body with optional content', () => {
    const body = {
      survey: 42,
      fingerprint: 'fp',
      client_signature: 'sig',
      start_date: '2026-11-22T10:30:00.000+01:00',
    };
    expect(createResponseBodySchema.parse(body)).toEqual(body);
    expect(createResponseBodySchema.parse({ ...body, content }).content).toEqual(content);
    expect(createResponseBodySchema.safeParse({ ...body, survey: 'x' }).success).toBe(false);
  });

  it('parses the answer; a missing token is null', () => {
    expect(createResponseResultSchema.parse({ code: 'abc', id: 1, survey: 42, token: 't' })).toEqual({
      code: 'abc',
      id: 1,
      survey: 42,
      token: 't',
    });
    expect(createResponseResultSchema.parse({ code: 'abc', id: 1, survey: 42 }).token).toBeNull();
    expect(createResponseResultSchema.safeParse({ id: 1, survey: 42 }).success).toBe(false);
  });
});

describe('responseReadSchema', () => {
  it('fills defaults', () => {
    expect(responseReadSchema.parse({ code: 'abc', id: 1 })).toEqual({
      code: 'abc',
      id: 1,
      content: {},
      custom_fields: {},
      start_date: null,
      created_date: null,
      expired_empty: false,
      expired_partial: false,
      is_desktop: false,
      is_mobile: false,
      is_tablet: false,
      share_config: null,
      completed: false,
      redirected: false,
    });
  });

  it('keeps a full answer', () => {
    const read = responseReadSchema.parse({
      code: 'abc',
      id: 1,
      content: { '101': ['1'], '102': [''] },
      custom_fields: { dept: 'sales', n: 3 },
      start_date: '2026-11-22T10:30:00.000+01:00',
      created_date: '2026-11-22T10:30:00.000+01:00',
      expired_empty: false,
      expired_partial: true,
      is_desktop: true,
      is_mobile: false,
      is_tablet: false,
      share_config: { end_type: 'URL' },
      password: false,
      completed: false,
      redirected: false,
      token: 'tok',
    });
    expect(read.content).toEqual({ '101': ['1'], '102': [] });
    expect(read.custom_fields).toEqual({ dept: 'sales', n: '3' });
    expect(read.share_config?.end_type).toBe('URL');
    expect(read.share_config?.multiple_responses).toBe(true);
    expect(read.token).toBe('tok');
    expect(read.password).toBe(false);
  });
});

describe('patchResponseBodySchema', () => {
  const cases = [
    [
      'finish',
      {
        seq: 5,
        client_signature: 'sig',
        content,
        completed: true,
        redirected: false,
        expired_empty: false,
        expired_partial: false,
      },
    ],
    ['save', { seq: 1, content, expired_empty: false, expired_partial: false }],
    ['redirected', { seq: 2, redirected: true }],
    ['expired_partial', { seq: 3, content, expired_partial: true }],
    ['expired_empty', { seq: 4, expired_empty: true }],
    ['start_date', { seq: 0, start_date: '2026-11-22T10:30:00.000+01:00' }],
  ] as const;

  it.each(cases)('parses the %s form unchanged', (kind, body) => {
    const parsed = patchResponseBodySchema.parse(body);
    expect(parsed).toEqual(body);
    expect(patchKind(parsed)).toBe(kind);
  });

  it('requires seq', () => {
    expect(patchResponseBodySchema.safeParse({ redirected: true }).success).toBe(false);
    expect(patchResponseBodySchema.safeParse({ seq: -1, redirected: true }).success).toBe(false);
  });

  it('rejects a body that matches no form', () => {
    expect(patchResponseBodySchema.safeParse({ seq: 1 }).success).toBe(false);
    expect(patchResponseBodySchema.safeParse({ seq: 1, completed: false, content }).success).toBe(false);
    expect(patchResponseBodySchema.safeParse({ seq: 1, content }).success).toBe(false);
  });
});

describe('queue, password and upload', () => {
  it('email queue body', () => {
    expect(emailQueueBodySchema.parse({ email: 'a@b.c' })).toEqual({
      template: null,
      email_config: null,
      subject: null,
      email: 'a@b.c',
      attach_excel: false,
    });
    expect(emailQueueBodySchema.safeParse({ email: '' }).success).toBe(false);
  });

  it('alert queue body', () => {
    expect(alertQueueBodySchema.parse({ id: 1, page_id: 3 })).toEqual({ id: 1, page_id: 3 });
  });

  it('check password', () => {
    expect(checkPasswordBodySchema.parse({ survey_id: 42, password: 'pw' })).toEqual({ survey_id: 42, password: 'pw' });
    expect(checkPasswordResultSchema.parse({ is_valid: false })).toEqual({ is_valid: false, custom_fields: {} });
    expect(
      checkPasswordResultSchema.parse({ is_valid: true, custom_fields: { dept: 'x' }, access_token: 'tok' }),
    ).toEqual({ is_valid: true, custom_fields: { dept: 'x' }, access_token: 'tok' });
    expect(checkPasswordResultSchema.parse({})).toEqual({ is_valid: false, custom_fields: {} });
  });

  it('upload result; numeric ids become strings', () => {
    expect(uploadResultSchema.parse({ id: 9, name: 'a.pdf', size: 10, type: 'application/pdf' })).toEqual({
      id: '9',
      name: 'a.pdf',
      size: 10,
      type: 'application/pdf',
    });
  });
});

describe('a tolerant reader of harmless differences', () => {
  it('a password check answered with custom_fields: [] is a right password, not an error', () => {
    expect(checkPasswordResultSchema.parse({ is_valid: true, custom_fields: [], access_token: 't' })).toEqual({
      is_valid: true,
      custom_fields: {},
      access_token: 't',
    });
  });

  it('a response read with odd shapes of what the app does not act on still reads; what it needs must be right', () => {
    const read = responseReadSchema.parse({
      code: 'RC',
      id: 1,
      content: { '1': ['a'] },
      custom_fields: [],
      share_config: 'unknown',
      is_mobile: 'yes',
      created_date: 20261124,
      extra_field: { anything: true },
    });
    expect(read).toMatchObject({ custom_fields: {}, share_config: null, is_mobile: true, created_date: null });
    expect(responseReadSchema.parse({ code: 'RC', id: 'one' }).id).toBeUndefined();
    expect(() => responseReadSchema.parse({ id: 1 })).toThrow();
    expect(() => responseReadSchema.parse({ code: 'RC', content: 'all of it' })).toThrow();
  });

  it('reads a start date that is empty or no ISO-8601 date as none, so the timer counts from now, not off', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const startOf = (start_date: unknown) => responseReadSchema.parse({ code: 'RC', id: 1, start_date }).start_date;
    expect(startOf('')).toBeNull();
    expect(startOf('22/11/2026 10:30')).toBeNull();
    expect(startOf('2026-13-45T10:30:00Z')).toBeNull();
    expect(startOf('2026-11-22T10:30:00.000+01:00')).toBe('2026-11-22T10:30:00.000+01:00');
    expect(startOf('2026-11-22T09:30:00Z')).toBe('2026-11-22T09:30:00Z');
    expect(startOf(null)).toBeNull();
    warn.mockRestore();
  });

  it('logs each kind of difference it defaulted, once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const odd = { is_valid: true, custom_fields: 'oddly a string', access_token: 't' };
    checkPasswordResultSchema.parse(odd);
    checkPasswordResultSchema.parse(odd);
    const logged = warn.mock.calls.filter(([line]) => String(line).includes('(got string)'));
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.[0])).toMatch(/^\[survey-format\] a field in an unexpected shape was defaulted: /);
    warn.mockRestore();
  });
});

describe('replies of a backend that follows only the spec', () => {
  it('reads a response without an id (spec §7 has none), and a numeric code as its string', () => {
    const read = responseReadSchema.parse({ code: 12345, content: { '101': ['1'] } });
    expect(read.id).toBeUndefined();
    expect(read.code).toBe('12345');
    expect(read.content).toEqual({ '101': ['1'] });
    expect(responseReadSchema.safeParse({ code: '', id: 1 }).success).toBe(false);
    expect(createResponseResultSchema.parse({ code: 12345, id: 1 }).code).toBe('12345');
    expect(createResponseResultSchema.safeParse({ code: '', id: 1 }).success).toBe(false);
  });

  it('reads the expiry, redirect and device flags written as words or bits', () => {
    const read = responseReadSchema.parse({
      code: 'r',
      expired_empty: 'true',
      expired_partial: 1,
      redirected: '1',
      is_desktop: 'True',
      is_mobile: 1,
      is_tablet: 'yes',
    });
    expect(read).toMatchObject({
      expired_empty: true,
      expired_partial: true,
      redirected: true,
      is_desktop: true,
      is_mobile: true,
      is_tablet: true,
    });
  });

  it('reads a password check without a usable is_valid as a wrong password, not an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(checkPasswordResultSchema.parse({}).is_valid).toBe(false);
    expect(checkPasswordResultSchema.parse({ is_valid: null }).is_valid).toBe(false);
    expect(checkPasswordResultSchema.parse({ is_valid: 'maybe' }).is_valid).toBe(false);
    expect(checkPasswordResultSchema.parse({ is_valid: 'yes' }).is_valid).toBe(true);
    warn.mockRestore();
  });

  it('reads a start date without an offset as the device’s local time, written with its offset', () => {
    const startOf = (start_date: string) => responseReadSchema.parse({ code: 'r', start_date }).start_date;
    const local = new Date(2026, 10, 22, 10, 30, 0).getTime();
    for (const naive of ['2026-11-22T10:30:00', '2026-11-22 10:30:00', '2026-11-22T10:30']) {
      const read = startOf(naive);
      expect(read).toMatch(/^2026-11-22T10:30:00\.000(?:Z|[+-]\d\d:\d\d)$/);
      expect(Date.parse(read!)).toBe(local);
    }
    expect(startOf('2026-11-22 10:30:00.250')).toMatch(/^2026-11-22T10:30:00\.250[+-]\d\d:\d\d$/);
  });

  it('reads custom fields written as a list of {name, value} as a map', () => {
    const fields = [
      { name: 'dept', value: 'sales' },
      { name: 'n', value: 3 },
      { name: 'none', value: null },
      { value: 'no name' },
    ];
    expect(checkPasswordResultSchema.parse({ is_valid: true, custom_fields: fields }).custom_fields).toEqual({
      dept: 'sales',
      n: '3',
    });
    expect(responseReadSchema.parse({ code: 'r', custom_fields: fields }).custom_fields).toEqual({
      dept: 'sales',
      n: '3',
    });
  });
});
