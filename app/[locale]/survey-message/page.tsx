import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { UnsharedPage } from '@/components/shell/unshared-page';
import { errorKeys } from '@/lib/api/errors';
import { routing } from '@/lib/i18n/routing';
import { firstParam, isSurveyCode } from '@/lib/survey-code';
import { codeForLocale, localizedPath } from '@/lib/i18n/locales';
import { SurveyMessageScreen } from '@/features/survey-flow/components/survey-message-screen';
import { loadSurvey } from '@/features/survey-flow/server/load-survey';

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
  'message_generic',
] as const;

type MessageKey = `survey.${(typeof surveyMessages)[number]}` | `api.${(typeof errorKeys)[number]}`;

/** The key named by `?type=`, from a closed list: a URL can pick a message, never write one. */
function messageKey(type: string | undefined): MessageKey {
  if ((surveyMessages as readonly string[]).includes(type ?? ''))
    return `survey.${type as (typeof surveyMessages)[number]}`;
  if ((errorKeys as readonly string[]).includes(type ?? '')) return `api.${type as (typeof errorKeys)[number]}`;
  // An unknown type says nothing it does not know (not "closed").
  return 'survey.message_generic';
}

export async function generateMetadata({ params }: MessagePageProps): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: { absolute: t('appName') }, robots: 'noindex' };
}

/**
 * `/survey-message?type=<key>[&survey=<code>]`: a survey message on its own page (closed, already answered, time
 * limit…), in the survey's theme with its title and contact when the survey is named.
 */
export default async function SurveyMessagePage({ params, searchParams }: MessagePageProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale });
  const query = await searchParams;
  const key = messageKey(firstParam(query.type));
  const home = <a href={localizedPath(locale, '/')}>{t('errors.go_back_home')}</a>;
  const surveyCode = firstParam(query.survey);
  const loaded = surveyCode && isSurveyCode(surveyCode) ? await loadSurvey(surveyCode) : null;
  if (loaded?.ok) {
    return (
      <SurveyMessageScreen survey={loaded.survey} uiLanguage={codeForLocale(locale)} text={t(key)} action={home} />
    );
  }
  return (
    <>
      {/* A survey named but not read: the next request may read it. */}
      {loaded ? <UnsharedPage /> : null}
      <ErrorScreen title={t(key)} action={home} />
    </>
  );
}
