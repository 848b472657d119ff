import { describe, expect, it } from 'vitest';
import { emailQueueBodySchema } from '@/lib/survey-format/response';
import { isValidEmail } from '@/lib/email-address';

import { answerLaterEmailBody } from './answer-later-email';

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'ana.ruiz+encuesta@mail.example.co.uk', 'josé@correo.españa.es', 'a@b.io'])(
    'accepts %s',
    (address) => {
      expect(isValidEmail(address)).toBe(true);
    },
  );

  it.each([
    '',
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@@example.com',
    'ana @example.com',
    'ana@exa mple.com',
    'ana@example..com',
    'ana@.example.com',
    'ana@example.com.',
    ' ana@example.com',
  ])('rejects %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('rejects an address longer than 254 characters', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    expect(isValidEmail(`${'x'.repeat(254 - domain.length - 1)}@${domain}`)).toBe(true);
    expect(isValidEmail(`${'x'.repeat(255 - domain.length - 1)}@${domain}`)).toBe(false);
  });
});

describe('answerLaterEmailBody', () => {
  it('is a valid queue body carrying the template and the resume link', () => {
    const body = answerLaterEmailBody({
      email: 'ana@example.com',
      templateId: 12,
      resumeUrl: 'https://encuesta.example/en/survey-resume?code=x&survey=y',
      clientKey: 'K4xd9aQ2mZp7Lw3RtY8vNc',
    });
    expect(emailQueueBodySchema.parse(body)).toEqual({
      template: 12,
      email_config: { resume_url: 'https://encuesta.example/en/survey-resume?code=x&survey=y' },
      subject: null,
      email: 'ana@example.com',
      attach_excel: false,
      client_key: 'K4xd9aQ2mZp7Lw3RtY8vNc',
    });
  });

  it('leaves the template to the backend when the survey names none', () => {
    expect(
      answerLaterEmailBody({ email: 'a@b.io', templateId: null, resumeUrl: 'u', clientKey: 'K4xd9aQ2mZp7Lw3RtY8vNc' })
        .template,
    ).toBeNull();
  });
});
