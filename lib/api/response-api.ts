import type { AxiosInstance } from 'axios';
import {
  alertQueueBodySchema,
  checkPasswordBodySchema,
  checkPasswordResultSchema,
  createResponseBodySchema,
  createResponseResultSchema,
  emailQueueBodySchema,
  getResponseParamsSchema,
  patchResponseBodySchema,
  responseReadSchema,
  uploadFieldsSchema,
  uploadResultSchema,
  type AlertQueueBody,
  type CheckPasswordBody,
  type CheckPasswordResult,
  type CreateResponseBody,
  type CreateResponseResult,
  type EmailQueueBody,
  type GetResponseParams,
  type PatchResponseBodyInput,
  type ResponseRead,
  type UploadFields,
  type UploadResult,
} from '@/lib/survey-format/response';
import { bitAsBoolean } from '@/lib/survey-format/schema-helpers';
import { bearer } from './client';
import { paths } from './paths';
import { checkBody, parseAnswer } from './call-checks';

/** Options every call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Upload progress, 0..1. */
export type ProgressHandler = (fraction: number) => void;

export interface UploadFileInput extends UploadFields {
  file: Blob;
  /** File name sent with the part (a `File` has its own; a `Blob` from the signature pad needs one). */
  fileName: string;
}

/** What a PATCH answer tells of the stored response; only what it states for sure. */
export interface PatchReply {
  seq: number | null;
  completed: boolean;
}

/**
 * Read tolerantly: a backend may answer a PATCH with an empty body or other fields (the spec leaves the answer
 * open), and that must never fail a save that the server accepted.
 */
export function readPatchReply(data: unknown): PatchReply | null {
  if (typeof data !== 'object' || data === null) return null;
  const { seq, completed } = data as { seq?: unknown; completed?: unknown };
  const seqNumber = typeof seq === 'string' && /^\d{1,15}$/.test(seq) ? Number(seq) : seq;
  return {
    seq: typeof seqNumber === 'number' && Number.isSafeInteger(seqNumber) && seqNumber >= 0 ? seqNumber : null,
    completed: bitAsBoolean(completed) === true,
  };
}

/** The calls of spec §7 about a response (all but read-survey), each declared once with its schema. */
export function createResponseApi(client: AxiosInstance) {
  return {
    /** POST /v1/survey-response/{survey_code}/ */
    async createResponse(
      surveyCode: string,
      body: CreateResponseBody,
      options: CallOptions & { accessToken?: string | null } = {},
    ): Promise<CreateResponseResult> {
      const response = await client.post<unknown>(
        paths.createResponse(surveyCode),
        checkBody(createResponseBodySchema, body),
        {
          // A password-protected survey takes responses only from a browser that passed its gate.
          headers: bearer(options.accessToken),
          signal: options.signal,
        },
      );
      return parseAnswer(createResponseResultSchema, response.data, 'unexpected_error', response.status);
    },

    /** GET /v1/survey-response/{response_code}/ — the token unlocks a completed response's content. */
    async getResponse(
      responseCode: string,
      options: CallOptions & { token?: string | null; params?: GetResponseParams } = {},
    ): Promise<ResponseRead> {
      const response = await client.get<unknown>(paths.response(responseCode), {
        headers: bearer(options.token),
        params: options.params ? checkBody(getResponseParamsSchema, options.params) : undefined,
        signal: options.signal,
      });
      return parseAnswer(responseReadSchema, response.data, 'unexpected_error', response.status);
    },

    /**
     * PATCH /v1/survey-response/{response_code}/ — one of the six bodies, with `seq`. Answers the stored `seq` and
     * `completed` when the backend tells them (survey-format.md "Exactly-once extensions"), else `null`.
     */
    async patchResponse(
      responseCode: string,
      body: PatchResponseBodyInput,
      token: string | null,
      options: CallOptions = {},
    ): Promise<PatchReply | null> {
      const response = await client.patch<unknown>(
        paths.response(responseCode),
        checkBody(patchResponseBodySchema, body),
        { headers: bearer(token), signal: options.signal },
      );
      return readPatchReply(response.data);
    },

    /** POST /v1/survey-email-response-queue/{response_code}/ */
    async queueResponseEmail(
      responseCode: string,
      body: EmailQueueBody,
      token: string | null,
      options: CallOptions = {},
    ): Promise<void> {
      await client.post(paths.emailQueue(responseCode), checkBody(emailQueueBodySchema, body), {
        headers: bearer(token),
        signal: options.signal,
      });
    },

    /** POST /v1/survey-alert-queue/{response_code}/{alert_id}/ */
    async queueAlert(
      responseCode: string,
      alertId: number,
      body: AlertQueueBody,
      token: string | null,
      options: CallOptions = {},
    ): Promise<void> {
      await client.post(paths.alertQueue(responseCode, alertId), checkBody(alertQueueBodySchema, body), {
        headers: bearer(token),
        signal: options.signal,
      });
    },

    /** POST /v2/surveys/check-password-repository/ — `access_token` then unlocks read-survey. */
    async checkPassword(body: CheckPasswordBody, options: CallOptions = {}): Promise<CheckPasswordResult> {
      const response = await client.post<unknown>(paths.checkPassword(), checkBody(checkPasswordBodySchema, body), {
        signal: options.signal,
      });
      return parseAnswer(checkPasswordResultSchema, response.data, 'unexpected_error', response.status);
    },

    /** POST /v1/upload/file/ (multipart: survey, question_id, file, response_id, hash_code). */
    async uploadFile(
      input: UploadFileInput,
      token: string | null,
      onProgress?: ProgressHandler,
      options: CallOptions & { timeoutMs?: number } = {},
    ): Promise<UploadResult> {
      const fields = checkBody(uploadFieldsSchema, input);
      const form = new FormData();
      form.append('survey', String(fields.survey));
      form.append('question_id', String(fields.question_id));
      // A response known without its id (spec §7's read has none) sends none: the backend decides.
      if (fields.response_id !== null) form.append('response_id', String(fields.response_id));
      form.append('hash_code', fields.hash_code);
      form.append('file', input.file, input.fileName);
      const response = await client.post<unknown>(paths.upload(), form, {
        headers: bearer(token),
        signal: options.signal,
        timeout: options.timeoutMs ?? 5 * 60_000,
        onUploadProgress: onProgress
          ? (event) => {
              const total = event.total ?? input.file.size;
              onProgress(total > 0 ? Math.min(1, event.loaded / total) : 0);
            }
          : undefined,
      });
      return parseAnswer(uploadResultSchema, response.data, 'unexpected_error', response.status);
    },

    /** GET of a given URL as a Blob (file download). Credentials follow the same rule as every call. */
    async downloadFile(url: string, options: CallOptions = {}): Promise<Blob> {
      const response = await client.get<Blob>(url, { responseType: 'blob', signal: options.signal });
      return response.data;
    },
  };
}
