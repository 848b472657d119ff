'use client';

import { useEffect, useState } from 'react';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { defaultLocale, directionOf, isLocale, localeTable, prefixForLocale, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';

/** The language of the page that failed, read from its URL, since no layout (and no i18n provider) is left. */
function localeOfCurrentPath(): Locale {
  const segment = window.location.pathname.split('/')[1] ?? '';
  return localeTable.find((entry) => entry.code === segment)?.locale ?? defaultLocale;
}

/** Shown when rendering the error page itself failed (spec §2): the details and a way home. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  // This page replaces the whole document in the browser, so reading the URL while rendering is safe.
  const [locale] = useState<Locale>(() => (typeof window === 'undefined' ? defaultLocale : localeOfCurrentPath()));
  // Fetched when shown, not shipped with every page: the root layout failing is rare, and a page that failed to
  // render has its network. Until they arrive the page shows the error's details. The loader comes with them:
  // its table of the 33 languages' files is in every page's first scripts when imported here.
  const [errors, setErrors] = useState<Messages['errors'] | null>(null);

  useEffect(() => {
    if (!isLocale(locale)) return;
    import('@/lib/i18n/messages')
      .then(({ loadMessages }) => loadMessages(locale))
      .then((messages) => setErrors(messages.errors))
      .catch(() => undefined);
  }, [locale]);

  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        {errors ? <title>{errors.title_error}</title> : null}
        <ErrorScreen
          title={errors?.error_page_failed ?? ''}
          details={[error.message, error.digest].filter(Boolean).join('\n')}
          detailsLabel={errors?.details}
          // A full page load on purpose: the app's state is what failed.
          action={errors ? <a href={prefixForLocale(locale) || '/'}>{errors.go_back_home}</a> : null}
        />
      </body>
    </html>
  );
}
