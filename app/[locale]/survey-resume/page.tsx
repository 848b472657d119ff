import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { ResumePage } from '@/features/survey-flow/components/resume-page';
import { getApiBaseUrl } from '@/lib/api/api-base-url';
import { codeForLocale, localizedPath, prefixForLocale } from '@/lib/i18n/locales';
import { routing } from '@/lib/i18n/routing';
import { firstParam, isSurveyCode, responseCodeParam } from '@/lib/survey-code';

type ResumePageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: ResumePageProps): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'survey' });
  return { title: t('resume_title'), robots: 'noindex' };
}

/** `/survey-resume?code=<response code>[&survey=<survey code>]`: the answer-later link (spec §4). */
export default async function SurveyResumePage({ params, searchParams }: ResumePageProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const code = responseCodeParam(firstParam(query.code));
  const survey = firstParam(query.survey);
  if (!code) {
    const t = await getTranslations({ locale });
    return (
      <ErrorScreen
        title={t('survey.resume_title')}
        subtitle={t('survey.resume_missing_code')}
        action={<a href={localizedPath(locale, '/')}>{t('errors.go_back_home')}</a>}
      />
    );
  }
  return (
    <ResumePage
      responseCode={code}
      surveyCode={survey && isSurveyCode(survey) ? survey : null}
      apiBaseUrl={getApiBaseUrl()}
      uiLanguage={codeForLocale(locale)}
      languagePrefix={prefixForLocale(locale)}
    />
  );
}
