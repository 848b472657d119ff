'use client';

import { useEffect, useState } from 'react';
import type { SurveyApi } from '@/lib/api/survey-api';
import type { Survey } from '@/lib/survey-format/survey';
import { useSurveyStores } from '@/stores/survey-stores-provider';
import type { ResponseSession } from '@/features/response-sync/response-session';
import {
  createFlowController,
  type FlowController,
  type FlowEnvironment,
  type FlowView,
} from '../flow/flow-controller';

function focusQuestion(widgetId: number): void {
  const element = document.getElementById(`question-${widgetId}`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const control = element.querySelector<HTMLElement>(
    'input:not([type=hidden]), select, textarea, button, [tabindex="0"]',
  );
  (control ?? element).focus({ preventScroll: true });
}

/** The flow's view over the document: focus, scrolling and leaving, after React has painted the change. */
const domView: FlowView = {
  focusQuestion: (widgetId) => requestAnimationFrame(() => focusQuestion(widgetId)),
  focusMainButton: () => document.getElementById('survey-next')?.focus(),
  showPageTop: () =>
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      document.getElementById('survey-page-heading')?.focus({ preventScroll: true });
    }),
  focusReview: () => requestAnimationFrame(() => document.getElementById('survey-review')?.focus()),
  redirect: (url) => window.location.assign(url),
  restart() {
    // A new response of the same survey: same mode (a preview stays a preview) and the same URL parameters.
    const url = new URL(window.location.href);
    url.searchParams.delete('response');
    // A full load on purpose: a new response starts from fresh stores and a new server render.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${url.pathname}${url.search}`);
  },
};

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
