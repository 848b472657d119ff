import 'server-only';

import { z } from 'zod';

import { SURVEY_CODE_PATTERN } from '@/lib/survey-code';

import { badRequest } from './api-error';

/** Largest JSON body we read; survey answers are small, so anything bigger is refused before parsing. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

function describe(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\n\s*/g, ' ').trim();
}

function tooLarge() {
  return badRequest('body_too_large', `The request body is larger than ${MAX_JSON_BYTES} bytes.`);
}

/** The body as text, read chunk by chunk so an oversized (or chunked, length-less) body is cut off early. */
async function readCappedText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? '0') > MAX_JSON_BYTES) throw tooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and validates a JSON body; any problem is a 400 with a readable detail, never a 500. */
export async function parseJsonBody<T extends z.core.$ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const text = await readCappedText(request);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('invalid_json', 'The request body is not valid JSON.');
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw badRequest('invalid_body', `Invalid request body: ${describe(parsed.error)}`);
  return parsed.data;
}

/** Validates route params (Next hands them over as a promise). */
export async function parseParams<T extends z.core.$ZodType>(
  params: Promise<unknown>,
  schema: T,
): Promise<z.output<T>> {
  const parsed = z.safeParse(schema, await params);
  if (!parsed.success) throw badRequest('invalid_params', `Invalid URL: ${describe(parsed.error)}`);
  return parsed.data;
}

/** Survey and response codes: URL-safe, bounded, so they never reach SQL or logs unchecked. */
export const codeSchema = z.string().regex(SURVEY_CODE_PATTERN, 'must be 1 to 128 letters, digits, "-" or "_"');

export const idParamSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive integer')
  .transform(Number);
