'use client';

import { useState } from 'react';
import { captureParams } from '@/features/response-sync/lifecycle/capture-params';
import { createBrowserPersistence } from '@/features/response-sync/persistence/browser-persistence';
import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import { SurveyStoresProvider } from '@/stores/survey-stores-provider';
import { needsPassword } from '@/features/password-gate/gate-rules';
import { initialPhase } from '../survey-phase';
import { SurveyRuntime, type SurveyRuntimeProps } from './survey-runtime';

/** The survey's five stores, and the runtime inside: where the survey screen becomes interactive. */
export function SurveyStores(props: SurveyRuntimeProps) {
  const { survey, surveyCode, readOnly } = props;
  // Read-only preview keeps nothing in the browser (spec §4).
  const [persistence] = useState(() => (readOnly ? null : createBrowserPersistence()));
  return (
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
  );
}
