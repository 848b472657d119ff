'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { isChunkLoadError, reloadOnceForChunkError } from '@/components/shell/chunk-reload';
import { Link } from '@/lib/i18n/navigation';

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
        action={<Link href="/">{t('errors.go_back_home')}</Link>}
      />
    </>
  );
}
