'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { isChunkLoadError, reloadOnceForChunkError } from '@/components/shell/chunk-reload';

/** Any other error inside a page: a fallback with a way home (spec §2). */
export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations();
  useEffect(() => {
    if (isChunkLoadError(error)) {
      reloadOnceForChunkError({
        storage: window.sessionStorage,
        now: Date.now(),
        reload: () => window.location.reload(),
        online: navigator.onLine,
      });
    }
  }, [error]);
  return (
    <>
      <title>{t('errors.title_error')}</title>
      <ErrorScreen
        title={t('errors.title_error')}
        subtitle={t('api.unexpected_error')}
        details={error.digest}
        detailsLabel={t('errors.details')}
        // A plain link, a full page load: after an error, a fresh page is the safe way back. `/` leads to this
        // language's home, which the proxy saved in the language cookie when this page was opened.
        // eslint-disable-next-line @next/next/no-html-link-for-pages
        action={<a href="/">{t('errors.go_back_home')}</a>}
      />
    </>
  );
}
