import type * as SentrySdk from '@sentry/nextjs';
import type { Instrumentation } from 'next';
import { getServerEnv } from '@/lib/env';

type Sentry = typeof SentrySdk;

/** Set once `register()` has initialised Sentry for this runtime; stays unset without `SENTRY_DSN`. */
let sentry: Sentry | undefined;

/**
 * Error reporting on the server (Node.js and edge runtimes): off unless `SENTRY_DSN` is set, and then only
 * unexpected errors are sent (spec §8; see lib/error-reporting/report-filter.ts). No build plugin, no source maps.
 */
export async function register(): Promise<void> {
  // Inlined per runtime by Next when it bundles this file; not configuration, so not read through lib/env.
  // eslint-disable-next-line no-restricted-properties
  const runtime = process.env.NEXT_RUNTIME;
  if (runtime !== 'nodejs' && runtime !== 'edge') return;
  const dsn = getServerEnv().SENTRY_DSN;
  if (!dsn) return;
  const [Sentry, { beforeSend }] = await Promise.all([
    import('@sentry/nextjs'),
    import('@/lib/error-reporting/report-filter'),
  ]);
  Sentry.init({ dsn, beforeSend, tracesSampleRate: 0 });
  sentry = Sentry;
}

/** Errors thrown while rendering, in route handlers, server actions and the proxy. */
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  sentry?.captureRequestError(error, request, context);
};
