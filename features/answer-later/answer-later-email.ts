import type { EmailQueueBody } from '@/lib/survey-format/response';

/** The most an address can hold (RFC 5321 path limit minus the angle brackets). */
const MAX_EMAIL_LENGTH = 254;

/**
 * Something, an @, then a domain of dot-separated labels, no spaces. Deliberately loose beyond that: the mail
 * server is the real judge, and a stricter pattern would turn away valid addresses (international domains,
 * non-ASCII local parts) from respondents who write in 33 languages.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/** `true` for an address worth sending to; `value` is expected trimmed. */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

export interface AnswerLaterEmail {
  /** The respondent's address, trimmed and valid. */
  email: string;
  /** `share_config.answer_later_email_template_id`; `null` lets the backend use its default template. */
  templateId: number | string | null;
  /** From `resumeLink`. */
  resumeUrl: string;
}

/**
 * The body of `POST /v1/survey-email-response-queue/{response_code}/` for an answer-later e-mail. The spec leaves
 * `email_config` open; the resume link travels in it as `resume_url`, for the template to insert.
 */
export function answerLaterEmailBody({ email, templateId, resumeUrl }: AnswerLaterEmail): EmailQueueBody {
  return { template: templateId, email_config: { resume_url: resumeUrl }, subject: null, email, attach_excel: false };
}
