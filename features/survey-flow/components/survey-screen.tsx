'use client';

import { useState, type CSSProperties } from 'react';
import { scopeCustomCss, themeVariables } from '@/features/theme/theme-variables';
import { effectiveShareConfig, showsPoweredBy } from '@/lib/survey-format/survey-rules';
import { SurveyStoresProvider } from '@/stores/survey-stores-provider';
import { useTranslations } from 'next-intl';
import { createBrowserPersistence } from '@/features/response-sync/persistence/browser-persistence';
import { captureParams } from '@/features/response-sync/lifecycle/capture-params';
import { EARLY_ANSWERS_SCRIPT } from '../early-answers';
import { initialPhase, needsPassword } from '../survey-phase';
import { SurveyRuntime, type SurveyRuntimeProps } from './survey-runtime';
import styles from './survey.module.css';

const desktopAlign = { center: styles.alignCenter, left: styles.alignLeft, right: styles.alignRight };
const mobileAlign = {
  top: styles.mobileTop,
  bottom: styles.mobileBottom,
  center: styles.mobileCenter,
  hidden: styles.mobileHidden,
};

/** The survey screen: its theme, its five stores, and the runtime inside. One per survey and page load. */
export function SurveyScreen({ nonce, ...props }: SurveyRuntimeProps & { nonce?: string }) {
  const t = useTranslations('common');
  const { survey, surveyCode, readOnly } = props;
  // Read-only preview keeps nothing in the browser (spec §4).
  const [persistence] = useState(() => (readOnly ? null : createBrowserPersistence()));
  const theme = survey.theme_obj;
  const scope = `survey-${survey.survey_id}`;
  const customCss = scopeCustomCss(theme.custom_css, `.${scope}`);
  const backgroundImage = theme.background_image ? `url(${JSON.stringify(theme.background_image)})` : undefined;
  const style = { ...themeVariables(theme), backgroundImage } as CSSProperties;

  return (
    <div
      className={[styles.root, scope, desktopAlign[theme.desktop_alignment], mobileAlign[theme.mobile_alignment]].join(
        ' ',
      )}
      style={style}
      data-survey-code={surveyCode}
      // The survey marks the document hydrated itself, once its widgets have (survey-runtime.tsx).
      data-hydration-owner=""
    >
      {customCss ? <style>{customCss}</style> : null}
      {/* Static code (no survey data): notes fields answered before the bundle arrives. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_ANSWERS_SCRIPT }} suppressHydrationWarning />
      <main id="main-content" className={styles.box}>
        <div className={styles.inner}>
          <SurveyStoresProvider
            surveyCode={surveyCode}
            shareConfig={effectiveShareConfig(survey)}
            persistence={persistence}
            logged={!needsPassword(survey.share_config)}
            phase={initialPhase(survey, props.restoring && !readOnly)}
            initialResponses={captureParams({}, {}, props.urlParams)}
          >
            <SurveyRuntime {...props} />
          </SurveyStoresProvider>
        </div>
      </main>
      {showsPoweredBy(survey) ? <p className={styles.poweredBy}>{t('poweredBy')}</p> : null}
    </div>
  );
}
