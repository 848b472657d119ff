import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NotFoundScreen, notFoundMetadata } from '@/components/error-screen/not-found-screen';
import { routing } from '@/lib/i18n/routing';

type CatchAllProps = { params: Promise<{ locale: string }> };

/** The language of the path; one the app does not have is the layout's 404 (`notFound()`) before this page's. */
async function localeOf(params: CatchAllProps['params']) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}

export async function generateMetadata({ params }: CatchAllProps): Promise<Metadata> {
  return notFoundMetadata(await localeOf(params));
}

/** Every path no other route claims, in every language, is a 404 with the localized not-found page. */
export default async function CatchAll({ params }: CatchAllProps) {
  setRequestLocale(await localeOf(params));
  return <NotFoundScreen />;
}
