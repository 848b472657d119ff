import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { ErrorScreen } from '@/components/error-screen/error-screen';
import { NotFoundScreen, notFoundMetadata } from '@/components/error-screen/not-found-screen';
import { UnsharedPage } from '@/components/shell/unshared-page';
import { errorMessageKeys } from '@/lib/api/errors';
import { isSeed, restoreHintCookie, SEED_COOKIE } from '@/features/response-sync/respondent-cookies';
import { randomKey } from '@/features/response-sync/random-key';
import { SurveyScreen } from '@/features/survey-flow/components/survey-screen';
import { sanitizeOwnerCss } from '@/features/theme/owner-css';
import { ownerScope } from '@/features/theme/theme-variables';
import { NONCE_HEADER } from '@/lib/security/security-headers';
import { loadSurvey } from '@/features/survey-flow/server/load-survey';
import { firstHtmlSurvey } from '@/features/survey-flow/server/first-html-survey';
import {
  guessDevice,
  isReadOnlyMode,
  offeredSeed,
  surveyUrlParams,
} from '@/features/survey-flow/server/survey-request';
import { dependsOnSeed } from '@/features/survey-flow/flow/respondent-order';
import { withoutPipeTokens } from '@/features/piping/pipe-text';
import { getApiBaseUrl } from '@/lib/api/api-base-url';
import { codeForLocale, directionOf, localizedPath, prefixForLocale, textLangAttribute } from '@/lib/i18n/locales';
import { routing } from '@/lib/i18n/routing';
import { firstParam, isSurveyCode, responseCodeParam } from '@/lib/survey-code';
import { originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import { resolveText } from '@/lib/survey-format/text';

type SurveyPageProps = {
  params: Promise<{ locale: string; id: string; slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The page's language, and its survey's code unless the path cannot name a survey (a 404). */
async function validParams(params: SurveyPageProps['params']) {
  const { locale, id, slug } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return { locale, id: isSurveyCode(id) && (!slug || slug.length <= 1) ? id : null };
}

export async function generateMetadata({ params }: SurveyPageProps): Promise<Metadata> {
  const { locale, id } = await validParams(params);
  const loaded = id === null ? null : await loadSurvey(id);
  if (loaded === null || (!loaded.ok && loaded.key === 'not_found')) return notFoundMetadata(locale);
  if (!loaded.ok) {
    const t = await getTranslations({ locale, namespace: 'errors' });
    return { title: { absolute: t('title_error') }, robots: 'noindex' };
  }
  const survey = loaded.survey;
  const title = resolveText(survey.title, surveyLanguage(survey, codeForLocale(locale)), originalLanguage(survey));
  return {
    // No answers exist for the tab: a title's pipe tokens read as unanswered.
    title: withoutPipeTokens(title).trim() || id,
    robots: 'noindex',
  };
}

/**
 * The shuffle seed of a browser without one: the one the production server offered, else a new one. Drawn only for
 * a survey whose order depends on it, so that every other page holds nothing of one respondent's and can be shared
 * (scripts/page-cache.mjs).
 */
async function newSeed(): Promise<string> {
  const offered = await offeredSeed();
  return isSeed(offered) ? offered : randomKey();
}

/** `/survey/{id}` and `/survey/{id}/{slug}`: the id is required, the slug optional and cosmetic. */
export default async function SurveyPage({ params, searchParams }: SurveyPageProps) {
  const { locale, id } = await validParams(params);
  setRequestLocale(locale);
  if (id === null) return <NotFoundScreen />;
  const query = await searchParams;
  const loaded = await loadSurvey(id);
  if (!loaded.ok) {
    if (loaded.key === 'not_found') return <NotFoundScreen />;
    const t = await getTranslations({ locale });
    return (
      <>
        <UnsharedPage />
        <ErrorScreen
          title={t('errors.title_error')}
          subtitle={t(errorMessageKeys[loaded.key])}
          action={<a href={localizedPath(locale, '/')}>{t('errors.go_back_home')}</a>}
        />
      </>
    );
  }
  const resumeCode = responseCodeParam(firstParam(query.response));
  const jar = await cookies();
  const seed = jar.get(SEED_COOKIE)?.value;
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const respondentSeed = isSeed(seed) ? seed : dependsOnSeed(loaded.survey) ? await newSeed() : null;
  const restoring = resumeCode !== null || jar.get(restoreHintCookie(id))?.value === '1';
  const initialDevice = await guessDevice();
  const urlParams = surveyUrlParams(query);
  // A restored response may be on any page: it gets every page's words at once.
  const { survey, outlinedPageIds } = restoring
    ? { survey: loaded.survey, outlinedPageIds: [] }
    : firstHtmlSurvey(loaded.survey, {
        respondentSeed,
        urlParams,
        device: initialDevice,
        uiLanguage: codeForLocale(locale),
      });
  return (
    <SurveyScreen
      key={`${id}:${locale}`}
      survey={survey}
      outlinedPageIds={outlinedPageIds}
      surveyCode={id}
      uiLanguage={codeForLocale(locale)}
      languagePrefix={prefixForLocale(locale)}
      textLang={textLangAttribute(surveyLanguage(loaded.survey, codeForLocale(locale)), codeForLocale(locale))}
      rtl={directionOf(locale) === 'rtl'}
      readOnly={isReadOnlyMode(firstParam(query.mode))}
      apiBaseUrl={getApiBaseUrl()}
      urlParams={urlParams}
      resumeCode={resumeCode}
      initialDevice={initialDevice}
      respondentSeed={respondentSeed}
      restoring={restoring}
      nonce={nonce}
      ownerCss={sanitizeOwnerCss(loaded.survey.theme_obj.custom_css, `.${ownerScope(loaded.survey.survey_id)}`)}
    />
  );
}
