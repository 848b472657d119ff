/**
 * Error reporting in the browser. The DSN is a run-time setting: the root layout hands it over as
 * `<meta name="sentry-dsn">`, only when `SENTRY_DSN` is set. Without it nothing more is downloaded; with it,
 * Sentry and the report filter come as a separate chunk, and only unexpected errors are sent (spec §8).
 */

function sentryDsn(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content || undefined;
}

async function startErrorReporting(dsn: string): Promise<void> {
  const [Sentry, { beforeSend }] = await Promise.all([
    import('@sentry/nextjs'),
    import('@/lib/error-reporting/report-filter'),
  ]);
  Sentry.init({
    dsn,
    beforeSend,
    tracesSampleRate: 0,
    // No performance tracing: leave page loads, navigations and requests uninstrumented.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserTracing'),
  });
}

function start(): void {
  const dsn = sentryDsn();
  // Reporting must never break the page: a chunk that fails to load just means no reporting.
  if (dsn) startErrorReporting(dsn).catch(() => undefined);
}

// This file can run before the parser has reached the meta tag; then wait for the document.
if (document.readyState === 'loading' && !sentryDsn()) {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
