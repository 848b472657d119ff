import * as z from 'zod/mini';
import { ApiError, type ErrorKey } from './errors';

/** Parses an answer; a mismatch is an `ApiError` with `key` (access_error for a survey, else unexpected_error). */
export function parseAnswer<T extends z.core.$ZodType>(
  schema: T,
  data: unknown,
  key: ErrorKey,
  status?: number,
): z.output<T> {
  const result = z.safeParse(schema, data);
  if (result.success) return result.data;
  throw new ApiError({ key, status, cause: result.error, message: `Malformed answer: ${result.error.message}` });
}

/** Validates a body before it leaves (normalising answers); a bad body is a bug, reported as unexpected. */
export function checkBody<T extends z.core.$ZodType>(schema: T, body: unknown): z.output<T> {
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw new ApiError({
    key: 'unexpected_error',
    cause: result.error,
    message: `Invalid request body: ${result.error.message}`,
  });
}
