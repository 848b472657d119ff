'use client';

import { useState, type CSSProperties } from 'react';
import { ownerScope, themeVariables, webFontFamily } from '@/features/theme/theme-variables';
import { WebFont } from '@/features/theme/web-font';
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
export function SurveyScreen({
  nonce,
  ownerCss,
  ...props
}: SurveyRuntimeProps & {
  nonce?: string;
  /** The owner's stylesheet, already sanitised and scoped to `.survey-{survey_id}` on the server (owner-css.ts). */
  ownerCss: string;
}) {
  const t = useTranslations('common');
  const { survey, surveyCode, readOnly } = props;
  // Read-only preview keeps nothing in the browser (spec §4).
  const [persistence] = useState(() => (readOnly ? null : createBrowserPersistence()));
  const theme = survey.theme_obj;
  const backgroundImage = theme.background_image ? `url(${JSON.stringify(theme.background_image)})` : undefined;
  const style = { ...themeVariables(theme), backgroundImage } as CSSProperties;

  return (
    <div
      className={[styles.root, desktopAlign[theme.desktop_alignment], mobileAlign[theme.mobile_alignment]].join(' ')}
      style={style}
      data-survey-code={surveyCode}
      // The survey marks the document hydrated itself, once its widgets have (survey-runtime.tsx).
      data-hydration-owner=""
    >
      <WebFont family={webFontFamily(theme)} />
      {/* Static code (no survey data): notes fields answered before the bundle arrives. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_ANSWERS_SCRIPT }} suppressHydrationWarning />
      {/* The owner's stylesheet reaches only what is inside this element (`display: contents`, so the layout is
          unchanged): never the powered-by mark beside it. */}
      <div className={`${ownerScope(survey.survey_id)} ${styles.ownerScope}`}>
        {ownerCss ? <style>{ownerCss}</style> : null}
        <main id="main-content" className={styles.box}>
          <div className={styles.inner}>
            <SurveyStoresProvider
              surveyCode={surveyCode}
              shareConfig={effectiveShareConfig(survey)}
              persistence={persistence}
              logged={!needsPassword(survey.share_config)}
              phase={initialPhase(survey, props.restoring && !readOnly, props.initialDevice)}
              initialResponses={captureParams({}, {}, props.urlParams)}
            >
              <SurveyRuntime {...props} />
            </SurveyStoresProvider>
          </div>
        </main>
      </div>
      {showsPoweredBy(survey) ? <p className={styles.poweredBy}>{t('poweredBy')}</p> : null}
    </div>
  );
}
