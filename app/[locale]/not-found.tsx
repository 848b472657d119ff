import { getTranslations } from 'next-intl/server';
import { NotFoundScreen } from '@/components/error-screen/not-found-screen';

/** What `notFound()` shows (an invalid language in the layout); the pages render `NotFoundScreen` themselves. */
export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <>
      <title>{t('title_404')}</title>
      <NotFoundScreen />
    </>
  );
}
