import type { z } from 'zod';
import { ApiError, type ErrorKey } from './errors';

/** Parses an answer; a mismatch is an `ApiError` with `key` (access_error for a survey, else unexpected_error). */
export function parseAnswer<T extends z.ZodType>(
  schema: T,
  data: unknown,
  key: ErrorKey,
  status?: number,
): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError({ key, status, cause: result.error, message: `Malformed answer: ${result.error.message}` });
}

/** Validates a body before it leaves (normalising answers); a bad body is a bug, reported as unexpected. */
export function checkBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError({
    key: 'unexpected_error',
    cause: result.error,
    message: `Invalid request body: ${result.error.message}`,
  });
}
