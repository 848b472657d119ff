'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { MessageScreen } from '@/components/message-screen/message-screen';
import { errorMessageKeys } from '@/lib/api/errors';
import type { Content } from '@/lib/survey-format/content';
import { effectiveShareConfig, originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { safeRedirectUrl } from '@/lib/url';
import { textLangAttribute } from '@/lib/i18n/locales';
import { AnswersSummaryScreen } from './answers-summary';
import { openResume, type ResumeOutcome, type ResumeSources } from './resume-outcome';

type ResumeScreenProps = {
  responseCode: string;
  /** From the link; our backend also names it in the response. */
  surveyCode: string | null;
  uiLanguage: string;
  /** This page's language prefix (`/jp`, none for `es`): the survey continues in the same language. */
  languagePrefix: string;
  sources: ResumeSources;
  /** The questions the survey's logic hides for these answers: they are left out of the summary. */
  hiddenWidgetIds: (survey: Survey, content: Content) => ReadonlySet<number>;
  /**
   * Piping with these answers in the survey language `lang`, so the questions' titles read as the respondent read
   * them; given by the composition, as piping is another feature.
   */
  piping: (survey: Survey, content: Content, lang: string) => (text: string) => string;
  /** The survey screen's title and main-button look, from the composition that places this screen. */
  classNames: { title?: string; button: string };
};

/**
 * The resume link opened: an unfinished response continues in its survey; a finished one shows its answers or the
 * already-answered message (`openResume`).
 */
export function ResumeScreen({
  responseCode,
  surveyCode,
  uiLanguage,
  languagePrefix,
  sources,
  hiddenWidgetIds,
  piping,
  classNames,
}: ResumeScreenProps) {
  const t = useTranslations();
  const router = useRouter();
  const [outcome, setOutcome] = useState<ResumeOutcome | null>(null);

  useEffect(() => {
    let cancelled = false;
    void openResume(responseCode, surveyCode, sources).then((next) => {
      if (cancelled) return;
      if (next.kind === 'continue') router.replace(`${languagePrefix}${next.path}`);
      else setOutcome(next);
    });
    return () => {
      cancelled = true;
    };
  }, [languagePrefix, responseCode, router, sources, surveyCode]);

  return (
    <>
      <h1 className={classNames.title}>{t('survey.resume_title')}</h1>
      {outcome === null ? <MessageScreen text={t('common.loading')} /> : null}
      {outcome?.kind === 'error' ? <MessageScreen text={t(errorMessageKeys[outcome.key])} /> : null}
      {outcome?.kind === 'already_completed' ? <MessageScreen text={t('survey.already_completed')} /> : null}
      {outcome?.kind === 'summary' ? (
        <Summary
          survey={outcome.survey}
          content={outcome.content}
          uiLanguage={uiLanguage}
          hiddenWidgetIds={hiddenWidgetIds(outcome.survey, outcome.content)}
          piping={piping}
          buttonClassName={classNames.button}
        />
      ) : null}
    </>
  );
}

function Summary({
  survey,
  content,
  uiLanguage,
  hiddenWidgetIds,
  piping,
  buttonClassName,
}: {
  survey: Survey;
  content: Content;
  uiLanguage: string;
  hiddenWidgetIds: ReadonlySet<number>;
  piping: ResumeScreenProps['piping'];
  buttonClassName: string;
}) {
  const lang = surveyLanguage(survey, uiLanguage);
  const original = originalLanguage(survey);
  const pipe = piping(survey, content, lang);
  return (
    <AnswersSummaryScreen
      survey={survey}
      content={content}
      lang={lang}
      text={(value: Text | null | undefined) => pipe(resolveText(value, lang, original))}
      textLang={textLangAttribute(lang, uiLanguage)}
      hiddenWidgetIds={hiddenWidgetIds}
      continueUrl={safeRedirectUrl(effectiveShareConfig(survey).end_url_resume)}
      buttonClassName={buttonClassName}
    />
  );
}
