'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { MessageScreen } from '@/components/message-screen/message-screen';
import { evaluateLogic } from '@/features/logic/logic-state';
import { useSurveyApi } from '@/features/response-sync/hooks/use-response-session';
import { createSafeStorage, getBrowserLocalStorage } from '@/features/response-sync/persistence/safe-storage';
import { loadResponseToken } from '@/features/response-sync/persistence/survey-persistence';
import { errorMessageKeys, toApiError, type ErrorKey } from '@/lib/api/errors';
import { useRouter } from '@/lib/i18n/navigation';
import type { Content } from '@/lib/survey-format/content';
import { effectiveShareConfig, originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { safeRedirectUrl } from '@/lib/url';
import { AnswersSummary } from '@/features/resume/answers-summary';
import { finishedView, resumeTarget } from '@/features/resume/resume-outcome';
import styles from './survey.module.css';

type ResumeState =
  { kind: 'loading' } | { kind: 'message'; text: string } | { kind: 'summary'; survey: Survey; content: Content };

type ResumeScreenProps = {
  responseCode: string;
  /** From the link; our backend also names it in the response. */
  surveyCode: string | null;
  apiBaseUrl: string;
  uiLanguage: string;
};

/**
 * `/survey-resume?code=…`: the resume link (`features/resume/resume-link.ts`) opened, composed here because it reads
 * the response through the response sync and applies the logic. An unfinished response continues in its
 * survey; a finished one shows its answers or the already-answered message (`features/resume/resume-outcome.ts`).
 */
export function ResumeScreen({ responseCode, surveyCode, apiBaseUrl, uiLanguage }: ResumeScreenProps) {
  const t = useTranslations();
  const router = useRouter();
  const api = useSurveyApi(apiBaseUrl);
  const [state, setState] = useState<ResumeState>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const storage = createSafeStorage(getBrowserLocalStorage);
    const show = (next: ResumeState) => !cancelled && setState(next);
    const fail = (key: ErrorKey) => show({ kind: 'message', text: t(errorMessageKeys[key]) });

    async function resume() {
      const token = loadResponseToken(storage, surveyCode);
      const response = await api.getResponse(responseCode, { token });
      const target = resumeTarget(response, responseCode, surveyCode);
      if (target.kind === 'unknown_survey') return fail('not_found');
      if (target.kind === 'continue') return router.replace(target.path);
      const survey = await api.readSurvey(target.surveyCode);
      if (finishedView(survey, response.content) === 'summary') {
        show({ kind: 'summary', survey, content: response.content });
      } else {
        show({ kind: 'message', text: t('survey.already_completed') });
      }
    }

    resume().catch((error: unknown) => fail(toApiError(error).key));
    return () => {
      cancelled = true;
    };
  }, [api, responseCode, router, surveyCode, t]);

  return (
    <main id="main-content" className={`${styles.root} ${styles.alignCenter}`}>
      <div className={styles.box}>
        <div className={styles.inner}>
          <h1 className={styles.title}>{t('survey.resume_title')}</h1>
          {state.kind === 'loading' ? <MessageScreen text={t('common.loading')} /> : null}
          {state.kind === 'message' ? <MessageScreen text={state.text} /> : null}
          {state.kind === 'summary' ? (
            <Summary survey={state.survey} content={state.content} uiLanguage={uiLanguage} />
          ) : null}
        </div>
      </div>
    </main>
  );
}

function Summary({ survey, content, uiLanguage }: { survey: Survey; content: Content; uiLanguage: string }) {
  const t = useTranslations();
  const lang = surveyLanguage(survey, uiLanguage);
  const original = originalLanguage(survey);
  const text = (value: Text | null | undefined) => resolveText(value, lang, original);
  const continueUrl = safeRedirectUrl(effectiveShareConfig(survey).end_url_resume);
  return (
    <MessageScreen title={t('survey.thank_you')} text={t('survey.summary_title')}>
      <AnswersSummary
        survey={survey}
        content={content}
        lang={lang}
        text={text}
        hiddenWidgetIds={evaluateLogic(survey, content, { device: 'desktop' }).hiddenWidgetIds}
      />
      {continueUrl ? (
        <a className={`${styles.button} ${styles.mainButton}`} href={continueUrl}>
          {t('buttons.continue')}
        </a>
      ) : null}
    </MessageScreen>
  );
}
