import { describe, expect, it } from 'vitest';
import { answerLaterFormSchema, passwordFormSchema } from './respondent-forms';
import { checkPasswordBodySchema, emailQueueBodySchema } from './response';

describe('passwordFormSchema', () => {
  it('refuses a blank password and keeps any other as typed', () => {
    expect(passwordFormSchema.safeParse({ password: '' }).success).toBe(false);
    expect(passwordFormSchema.safeParse({ password: '   ' }).success).toBe(false);
    expect(passwordFormSchema.parse({ password: ' pw ' })).toEqual({ password: ' pw ' });
  });
  it('lets through only what check-password accepts', () => {
    const { password } = passwordFormSchema.parse({ password: 'demo' });
    expect(checkPasswordBodySchema.safeParse({ survey_id: 1, password }).success).toBe(true);
  });
});

describe('answerLaterFormSchema', () => {
  it('trims the address and refuses one that is not worth sending to', () => {
    expect(answerLaterFormSchema.parse({ email: '  ana@example.org ', remember: true })).toEqual({
      email: 'ana@example.org',
      remember: true,
    });
    for (const email of ['', '   ', 'ana', 'ana@', 'ana@example', 'a b@example.org'])
      expect(answerLaterFormSchema.safeParse({ email, remember: false }).success, email).toBe(false);
  });
  it('gives the e-mail queue an address its body accepts', () => {
    const { email } = answerLaterFormSchema.parse({ email: 'ana@example.org', remember: false });
    expect(emailQueueBodySchema.safeParse({ email }).success).toBe(true);
  });
});
