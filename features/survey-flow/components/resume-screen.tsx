'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { evaluateLogic } from '@/features/logic/logic-state';
import { toApiError, type ErrorKey } from '@/lib/api/errors';
import { useRouter } from '@/lib/i18n/navigation';
import type { Content } from '@/lib/survey-format/content';
import { effectiveShareConfig, originalLanguage, surveyLanguage } from '@/lib/survey-format/survey-rules';
import type { Survey } from '@/lib/survey-format/survey';
import { safeRedirectUrl } from '@/lib/url';
import { resolveText, type Text } from '@/lib/survey-format/text';
import { useSurveyApi } from '@/features/response-sync/hooks/use-response-session';
import { createSafeStorage, getBrowserLocalStorage } from '@/features/response-sync/persistence/safe-storage';
import { loadResponseToken } from '@/features/response-sync/persistence/survey-persistence';
import { EndScreen } from './end-screen';
import { MessageScreen } from './message-screen';
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
 * `/survey-resume?code=…`: an unfinished response continues in its survey; a finished one shows the summary of
 * answers when the survey ends with RESUME and this browser holds the response's token, else the
 * already-answered message.
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
    const fail = (key: ErrorKey) => show({ kind: 'message', text: t(`api.${key}`) });

    async function resume() {
      const token = loadResponseToken(storage, surveyCode);
      const response = await api.getResponse(responseCode, { token });
      const code = response.survey_code ?? surveyCode;
      if (!code) return fail('not_found');
      if (!response.completed) {
        router.replace(`/survey/${encodeURIComponent(code)}?response=${encodeURIComponent(responseCode)}`);
        return;
      }
      const survey = await api.readSurvey(code);
      const hasContent = Object.keys(response.content).length > 0;
      if (effectiveShareConfig(survey).end_type === 'RESUME' && hasContent) {
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
    <main id="main-content" className={styles.root}>
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
  const original = originalLanguage(survey);
  const lang = surveyLanguage(survey, uiLanguage);
  const text = (value: Text | null | undefined) => resolveText(value, lang, original);
  const hidden = evaluateLogic(survey, content, { device: 'desktop' }).hiddenWidgetIds;
  return (
    <EndScreen
      screen="summary"
      survey={survey}
      content={content}
      lang={lang}
      text={text}
      hiddenWidgetIds={hidden}
      endText=""
      continueUrl={safeRedirectUrl(effectiveShareConfig(survey).end_url_resume)}
      onAnswerAgain={null}
    />
  );
}
