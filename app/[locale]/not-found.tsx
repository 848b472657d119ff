import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { isLocale, localizedPath } from '@/lib/i18n/locales';

/** Unknown routes and failed route validators (spec §2). Next answers it with HTTP 404. */
export default async function NotFound() {
  const t = await getTranslations('errors');
  // A plain link (a full page load home): Next renders this page into every page's data, and the router's Link
  // would put its code in every page's first scripts.
  const locale = await getLocale();
  const home = isLocale(locale) ? localizedPath(locale, '/') : '/';
  return (
    <>
      <title>{t('title_404')}</title>
      <ErrorScreen
        image={{ src: '/images/not-found.svg', alt: t('imageAlt') }}
        title={t('page_not_found')}
        subtitle={t('page_not_found_2')}
        action={<a href={home}>{t('go_back_home')}</a>}
      />
      <p className="visually-hidden">{t('this_page_could_not_be_found')}</p>
    </>
  );
}
