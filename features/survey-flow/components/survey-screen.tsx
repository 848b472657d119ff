import { ownerScope } from '@/features/theme/theme-variables';
import { KEEP_SEED_SCRIPT, SEED_ATTRIBUTE } from '@/features/response-sync/respondent-cookies';
import { EARLY_ANSWERS_SCRIPT } from '@/features/take-over/early-answers';
import { INTL_WARM_UP_SCRIPT } from '@/features/take-over/intl-warm-up';
import { SURVEY_DEFAULTS } from '@/lib/survey-format/survey-defaults';
import { compactSurvey } from '@/lib/survey-format/survey-transport';
import { SurveyFrame } from './survey-frame';
import type { SurveyRuntimeProps } from './survey-runtime';
import { SurveyStores } from './survey-stores';
import styles from './survey.module.css';

/**
 * The survey screen: its theme, the owner's stylesheet and the early-answers script, rendered on the server (the
 * theme's contrast arithmetic never ships to the browser), around the client island of the stores and the runtime,
 * which receives the survey without its defaults (`survey-transport.ts`). One per survey and page load.
 */
export function SurveyScreen({
  nonce,
  ownerCss,
  ...props
}: SurveyRuntimeProps & {
  nonce?: string;
  /** The owner's stylesheet, already sanitised and scoped to `.survey-{survey_id}` on the server (owner-css.ts). */
  ownerCss: string;
}) {
  const { survey, surveyCode } = props;

  return (
    <SurveyFrame
      survey={survey}
      data-survey-code={surveyCode}
      // The survey marks the document hydrated itself, once its widgets have (survey-runtime.tsx).
      data-hydration-owner=""
      // The order's seed, kept by the inline script below from the first parse; a preview keeps nothing.
      {...(props.respondentSeed && !props.readOnly ? { [SEED_ATTRIBUTE]: props.respondentSeed } : {})}
    >
      {/* Static code (no survey data): notes fields answered before the bundle arrives, keeps the order's seed, and
          readies Intl meanwhile. */}
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: EARLY_ANSWERS_SCRIPT + KEEP_SEED_SCRIPT + INTL_WARM_UP_SCRIPT }}
        suppressHydrationWarning
      />
      {/* The owner's stylesheet reaches only what is inside this element (`display: contents`, so the layout is
          unchanged): never the powered-by mark beside it. */}
      <div className={`${ownerScope(survey.survey_id)} ${styles.ownerScope}`}>
        {ownerCss ? <style>{ownerCss}</style> : null}
        <main id="main-content" className={styles.box}>
          <div className={styles.inner}>
            <SurveyStores {...props} survey={compactSurvey(survey, SURVEY_DEFAULTS)} />
          </div>
        </main>
      </div>
    </SurveyFrame>
  );
}
