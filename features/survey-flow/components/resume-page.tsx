'use client';

import { useMemo } from 'react';
import { evaluateLogic } from '@/features/logic/logic-state';
import { pipeText } from '@/features/piping/pipe-text';
import { clientSignature, deviceFingerprint } from '@/features/response-sync/device-fingerprint';
import { useSurveyApi } from '@/features/response-sync/hooks/use-response-session';
import { createSafeStorage, getBrowserLocalStorage } from '@/features/response-sync/persistence/safe-storage';
import { loadGatePass, loadResponseToken } from '@/features/response-sync/persistence/survey-persistence';
import type { ResumeSources } from '@/features/resume/resume-outcome';
import { ResumeScreen } from '@/features/resume/resume-screen';
import type { Content } from '@/lib/survey-format/content';
import type { Survey } from '@/lib/survey-format/survey';
import styles from './survey.module.css';

type ResumePageProps = {
  responseCode: string;
  surveyCode: string | null;
  apiBaseUrl: string;
  uiLanguage: string;
  languagePrefix: string;
};

const hiddenWidgetIds = (survey: Survey, content: Content) =>
  evaluateLogic(survey, content, { device: 'desktop' }).hiddenWidgetIds;

/** The summary's texts with their pipe tokens replaced by the response's answers, as the survey showed them. */
const piping = (survey: Survey, content: Content, lang: string) => {
  const { hiddenWidgetIds, hiddenOptionIds } = evaluateLogic(survey, content, { device: 'desktop' });
  return (text: string) => pipeText(text, { survey, content, lang, hiddenWidgetIds, hiddenOptionIds });
};

/**
 * `/survey-resume`: the resume feature's screen in the survey's frame, reading through the response sync (its API
 * client, and the token this browser keeps for the survey) and hiding what the survey's logic hides.
 */
export function ResumePage({ responseCode, surveyCode, apiBaseUrl, uiLanguage, languagePrefix }: ResumePageProps) {
  const api = useSurveyApi(apiBaseUrl, { readsSurvey: true });
  const sources = useMemo<ResumeSources>(
    () => ({
      readResponse: (code, surveyCode, survey) => {
        const storage = createSafeStorage(getBrowserLocalStorage);
        const fingerprint = survey ? deviceFingerprint(storage) : '';
        return api.getResponse(code, {
          token: loadResponseToken(storage, surveyCode),
          params: survey
            ? { survey: survey.survey_id, fingerprint, client_signature: clientSignature(fingerprint) }
            : undefined,
        });
      },
      readSurvey: (code) => {
        // A protected survey's pages come only with the gate's token this browser keeps: without them a finished
        // response's summary would have no questions to show.
        const pass = loadGatePass(createSafeStorage(getBrowserLocalStorage), code);
        return api.readSurvey(code, { accessToken: typeof pass === 'string' ? pass : null });
      },
    }),
    [api],
  );
  return (
    <main id="main-content" className={`${styles.root} ${styles.alignCenter}`}>
      <div className={styles.box}>
        <div className={styles.inner}>
          <ResumeScreen
            responseCode={responseCode}
            surveyCode={surveyCode}
            uiLanguage={uiLanguage}
            languagePrefix={languagePrefix}
            sources={sources}
            hiddenWidgetIds={hiddenWidgetIds}
            piping={piping}
            classNames={{ title: styles.title, button: `${styles.button} ${styles.mainButton}` }}
          />
        </div>
      </div>
    </main>
  );
}
