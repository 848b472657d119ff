import type { EmailQueueBody } from '@/lib/survey-format/response';

export interface AnswerLaterEmail {
  /** The respondent's address, trimmed and valid. */
  email: string;
  /** `share_config.answer_later_email_template_id`; `null` lets the backend use its default template. */
  templateId: number | string | null;
  /** From `resumeLink`. */
  resumeUrl: string;
  /** The request's idempotency key: a retry of it queues no second e-mail (sync-protocol invariant 5). */
  clientKey: string;
}

/**
 * The body of `POST /v1/survey-email-response-queue/{response_code}/` for an answer-later e-mail. The spec leaves
 * `email_config` open; the resume link travels in it as `resume_url`, for the template to insert.
 */
export function answerLaterEmailBody({ email, templateId, resumeUrl, clientKey }: AnswerLaterEmail): EmailQueueBody {
  return {
    template: templateId,
    email_config: { resume_url: resumeUrl },
    subject: null,
    email,
    attach_excel: false,
    client_key: clientKey,
  };
}
