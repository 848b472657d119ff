import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { Link } from '@/lib/i18n/navigation';

/** Unknown routes and failed route validators (spec §2). Next answers it with HTTP 404. */
export default async function NotFound() {
  const t = await getTranslations('errors');
  return (
    <>
      <title>{t('title_404')}</title>
      <ErrorScreen
        image={{ src: '/images/not-found.svg', alt: t('imageAlt') }}
        title={t('page_not_found')}
        subtitle={t('page_not_found_2')}
        action={<Link href="/">{t('go_back_home')}</Link>}
      />
      <p className="visually-hidden">{t('this_page_could_not_be_found')}</p>
    </>
  );
}
