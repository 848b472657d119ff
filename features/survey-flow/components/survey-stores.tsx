'use client';

import { useMemo, useState } from 'react';
import { captureParams } from '@/features/response-sync/lifecycle/capture-params';
import { createBrowserPersistence } from '@/features/response-sync/persistence/browser-persistence';
import { effectiveShareConfig } from '@/lib/survey-format/survey-rules';
import { expandSurvey, type CompactSurvey } from '@/lib/survey-format/survey-transport';
import { SurveyStoresProvider } from '@/stores/survey-stores-provider';
import { needsPassword } from '@/features/password-gate/gate-rules';
import { initialPhase } from '../survey-phase';
import { SurveyRuntime, type SurveyRuntimeProps } from './survey-runtime';

/**
 * The survey's five stores, and the runtime inside: where the survey screen becomes interactive, and where the survey
 * the server sent without its defaults is whole again.
 */
export function SurveyStores({
  survey: sent,
  ...rest
}: Omit<SurveyRuntimeProps, 'survey'> & { survey: CompactSurvey }) {
  const survey = useMemo(() => expandSurvey(sent), [sent]);
  const { surveyCode, readOnly } = rest;
  // Read-only preview keeps nothing in the browser (spec §4).
  const [persistence] = useState(() => (readOnly ? null : createBrowserPersistence()));
  return (
    <SurveyStoresProvider
      surveyCode={surveyCode}
      shareConfig={effectiveShareConfig(survey)}
      persistence={persistence}
      logged={!needsPassword(survey.share_config)}
      phase={initialPhase(survey, rest.restoring && !readOnly, rest.initialDevice)}
      initialResponses={captureParams({}, {}, rest.urlParams)}
    >
      <SurveyRuntime {...rest} survey={survey} />
    </SurveyStoresProvider>
  );
}
