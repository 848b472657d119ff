'use client';

import { useEffect, useState } from 'react';
import type { SurveyApi } from '@/lib/api/survey-api';
import type { Survey } from '@/lib/survey-format/survey';
import { useSurveyStores } from '@/stores/survey-stores-provider';
import type { ResponseSession } from '@/features/response-sync/response-session';
import { createFlowController, type FlowController, type FlowEnvironment } from '../flow/flow-controller';
import { domView } from './dom-view';

const browserClock = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number) => void setTimeout(callback, ms),
};

/**
 * The flow controller of a mounted survey, created once; the screen's inputs are handed to it as they change.
 */
export function useFlowController(options: {
  surveyCode: string;
  readOnly: boolean;
  api: SurveyApi;
  session: ResponseSession;
  environment: FlowEnvironment;
  orderSurvey: (survey: Survey) => Survey;
  onUnlocked: (survey: Survey) => void;
}): FlowController {
  const stores = useSurveyStores();
  const [controller] = useState(() =>
    createFlowController({
      surveyCode: options.surveyCode,
      readOnly: options.readOnly,
      stores,
      persistence: stores.persistence,
      session: options.session,
      gate: options.api,
      view: domView,
      clock: browserClock,
      environment: options.environment,
      orderSurvey: options.orderSurvey,
      onUnlocked: options.onUnlocked,
    }),
  );
  useEffect(() => controller.setEnvironment(options.environment), [controller, options.environment]);
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}
