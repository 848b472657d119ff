import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { errorKeys } from '@/lib/api/errors';
import { Link } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { firstParam } from '@/lib/survey-code';

type MessagePageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Messages of the `survey` namespace this page may show; anything else is one of the catalogue's errors. */
const surveyMessages = [
  'closed',
  'closed_max_responses',
  'closed_end_date',
  'already_completed',
  'time_limit',
  'access_denied',
  'thank_you',
] as const;

type MessageKey = `survey.${(typeof surveyMessages)[number]}` | `api.${(typeof errorKeys)[number]}`;

/** The key named by `?type=`, from a closed list: a URL can pick a message, never write one. */
function messageKey(type: string | undefined): MessageKey {
  if ((surveyMessages as readonly string[]).includes(type ?? ''))
    return `survey.${type as (typeof surveyMessages)[number]}`;
  if ((errorKeys as readonly string[]).includes(type ?? '')) return `api.${type as (typeof errorKeys)[number]}`;
  return 'survey.closed';
}

export async function generateMetadata({ params }: MessagePageProps): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: t('appName'), robots: 'noindex' };
}

/** `/survey-message?type=<key>`: a survey message on its own page (closed, already answered, time limit…). */
export default async function SurveyMessagePage({ params, searchParams }: MessagePageProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale });
  const key = messageKey(firstParam((await searchParams).type));
  return <ErrorScreen title={t(key)} action={<Link href="/">{t('errors.go_back_home')}</Link>} />;
}
