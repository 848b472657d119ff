import { getLocale, getTranslations } from 'next-intl/server';
import { NotFoundStatus } from '@/components/shell/not-found-status';
import { isLocale, localizedPath, type Locale } from '@/lib/i18n/locales';
import { ErrorScreen } from './error-screen';

/**
 * The not-found page (spec §2), server-rendered. A page that calls Next's `notFound()` is sent as an empty document
 * that the browser renders once the scripts have run (vercel/next.js#62228): on a slow phone a blank screen for
 * seconds, and nothing at all without JavaScript. So the pages that find nothing render this instead, and the
 * production server answers them with 404 (`NotFoundStatus`). The page's title comes with its metadata
 * (`notFoundMetadata`).
 */
export async function NotFoundScreen() {
  const t = await getTranslations('errors');
  // A plain link (a full page load home): Next renders the not-found boundary into every page's data, and the
  // router's Link would put its code in every page's first scripts.
  const locale = await getLocale();
  const home = isLocale(locale) ? localizedPath(locale, '/') : '/';
  return (
    <>
      <NotFoundStatus />
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

/** The metadata of a page that shows `NotFoundScreen`: its title (spec §2: '404 Not Found'), and no indexing. */
export async function notFoundMetadata(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'errors' });
  return { title: { absolute: t('title_404') }, robots: 'noindex' };
}
