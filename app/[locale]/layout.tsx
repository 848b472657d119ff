import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { ClientShell } from '@/components/shell/client-shell';
import { NavigationProgress } from '@/components/shell/navigation-progress';
import { getServerEnv } from '@/lib/env';
import { directionOf } from '@/lib/i18n/locales';
import { routing } from '@/lib/i18n/routing';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: { default: t('appName'), template: `%s · ${t('appName')}` } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1876FA' };

/** The default layout: an empty shell (spec §2) around every page of one language. */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  // Read by instrumentation-client.ts, which loads Sentry only when it is there.
  const sentryDsn = getServerEnv().SENTRY_DSN;

  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        {sentryDsn ? <meta name="sentry-dsn" content={sentryDsn} /> : null}
        <a className="skip-link" href="#main-content">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider>
          {children}
          <Suspense fallback={null}>
            <NavigationProgress />
          </Suspense>
          <ClientShell />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
