/**
 * Faults on demand for the QA mock API: which requests to answer with a status, delay, cut before they are handled
 * (`drop: 'connection'`) or after the write is done but before its acknowledgement (`drop: 'ack'`), how many times.
 * Plain data in and out, so a test runner of any language sets them over HTTP (`POST /__mock/faults`).
 */
import { z } from 'zod';

export const faultSchema = z
  .object({
    /** HTTP method, or any. */
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).optional(),
    /** The request path; `*` stands for one path segment or part of one (`/api/v1/survey-response/*\/`). */
    path: z.string().min(1),
    /** Answer with this status instead of the API's answer. */
    status: z.number().int().min(100).max(599).optional(),
    /** Seconds, sent as `Retry-After` (with 429 and 503). */
    retryAfter: z.number().int().nonnegative().optional(),
    /** The JSON body sent with `status` (default: `{"code": "<status>"}`). */
    body: z.unknown().optional(),
    /** Wait this long before answering (or before handling, when there is no status). */
    delayMs: z.number().int().nonnegative().max(120_000).optional(),
    /** Cut the connection: before the request is handled, or after the API has done it (the write happens). */
    drop: z.enum(['connection', 'ack']).optional(),
    /** How many matching requests it applies to; 0 means every one until reset. */
    times: z.number().int().nonnegative().default(1),
  })
  .refine((fault) => fault.status !== undefined || fault.delayMs !== undefined || fault.drop !== undefined, {
    message: 'a fault needs status, delayMs or drop',
  });

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema>;

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

/** The faults set, in the order they were set; the first that matches a request applies to it. */
export function createFaults() {
  let active: Array<Fault & { pattern: RegExp; left: number }> = [];
  return {
    add(fault: Fault): void {
      active.push({ ...fault, pattern: pathPattern(fault.path), left: fault.times === 0 ? Infinity : fault.times });
    },
    /** The fault for this request, counted as used; `null` when none matches. */
    take(method: string, path: string): Fault | null {
      const found = active.find(
        (fault) =>
          fault.left > 0 && (fault.method === undefined || fault.method === method) && fault.pattern.test(path),
      );
      if (!found) return null;
      found.left -= 1;
      const { pattern: _pattern, left: _left, ...fault } = found;
      return fault;
    },
    list(): Array<Fault & { left: number | 'always' }> {
      return active.map(({ pattern: _pattern, left, ...fault }) => ({
        ...fault,
        left: left === Infinity ? 'always' : left,
      }));
    },
    clear(): void {
      active = [];
    },
  };
}
