import type { ErrorEvent, EventHint } from '@sentry/nextjs';
import axios from 'axios';
import { ApiError, shouldReport } from '@/lib/api/errors';

/**
 * What goes to the error-reporting service (spec §8): only unexpected errors. Left out are network failures,
 * cancelled requests, the catalogue's expected HTTP answers (401/403/404/406/409/429), script chunks that failed to
 * load (the error page reloads once), and Next's control-flow throws (`notFound()`, `redirect()`, …).
 * Pure: shared by the server, edge and browser set-ups, and unit-tested alone.
 */

/** Messages of a `fetch` that got no answer: Chrome, Firefox, Safari, React Native/polyfills, Node (undici). */
const NETWORK_MESSAGE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed|fetch failed)$|^Failed to fetch \(/i;

/** A script or style chunk that did not load (webpack/Turbopack, native dynamic `import()` in each engine). */
const CHUNK_MESSAGE =
  /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** Digests of the errors Next throws to steer rendering; they are not failures. */
const NEXT_CONTROL_FLOW_DIGEST =
  /^(NEXT_REDIRECT|NEXT_NOT_FOUND|NEXT_HTTP_ERROR_FALLBACK|BAILOUT_TO_CLIENT_SIDE_RENDERING|DYNAMIC_SERVER_USAGE|NEXT_STATIC_GEN_BAILOUT|NEXT_PRERENDER_INTERRUPTED)(;|$)/;

/** How far down a `cause` chain to look for a request failure wrapped in another error. */
const MAX_CAUSE_DEPTH = 5;

type Verdict = 'keep' | 'drop' | 'unknown';

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Network failure, abort, chunk or Next control flow, judged by name, message and digest alone. */
function isIgnorableByShape(name: string | undefined, message: string | undefined, digest?: string): boolean {
  if (digest !== undefined && NEXT_CONTROL_FLOW_DIGEST.test(digest)) return true;
  if (name === 'AbortError' || name === 'TimeoutError' || name === 'ChunkLoadError') return true;
  if (message === undefined) return false;
  if (name === 'TypeError' && NETWORK_MESSAGE.test(message)) return true;
  if (CHUNK_MESSAGE.test(message)) return true;
  // Next's control-flow errors carry their digest as message too (what an event without the thrown value shows).
  return NEXT_CONTROL_FLOW_DIGEST.test(message);
}

/** The verdict on one thrown value, without looking at its causes. */
function judge(error: unknown): Verdict {
  // The API client's own errors and raw axios failures: the catalogue rules of lib/api/errors decide.
  if (error instanceof ApiError || axios.isAxiosError(error) || axios.isCancel(error)) {
    return shouldReport(error) ? 'keep' : 'drop';
  }
  if (typeof error === 'string') return isIgnorableByShape(undefined, error) ? 'drop' : 'unknown';
  if (error === null || typeof error !== 'object') return 'unknown';
  return isIgnorableByShape(
    textOf(field(error, 'name')),
    textOf(field(error, 'message')),
    textOf(field(error, 'digest')),
  )
    ? 'drop'
    : 'unknown';
}

/**
 * Whether an event may be sent: `hint.originalException` (and its `cause` chain) first; when the thrown value is
 * not available, the event's own top exception.
 */
export function shouldSendEvent(event: ErrorEvent, hint: EventHint | undefined): boolean {
  const original = hint?.originalException;
  if (original !== undefined && original !== null) {
    let current: unknown = original;
    for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth += 1) {
      const verdict = judge(current);
      if (verdict !== 'unknown') return verdict === 'keep';
      current = field(current, 'cause');
    }
    return true;
  }
  // Sentry lists chained exceptions innermost first; the last one is what was thrown.
  const top = event.exception?.values?.at(-1);
  if (top) return !isIgnorableByShape(top.type, top.value);
  return true;
}

/** Sentry's `beforeSend`: the event unchanged, or `null` to drop it. */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  return shouldSendEvent(event, hint) ? event : null;
}
