// @vitest-environment jsdom
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { shareConfigSchema } from '@/lib/survey-format/share-config';
import { SurveyStoresProvider } from '@/stores/survey-stores-provider';
import { hydrateServerHtml } from '@/test/hydrate-server-html';
import { useResponseSession, useSurveyApi } from './use-response-session';

/** Logs each render, and the first moment after the task that ran the hydration's effects. */
function SessionState({ log }: { log: string[] }) {
  const api = useSurveyApi('/api', { preloadAtMount: false });
  const { state } = useResponseSession({ surveyCode: 'abc', readOnly: true, api, apiBaseUrl: '/api' });
  log.push(`render ${state.kind}`);
  useEffect(() => queueMicrotask(() => log.push('hydration task over')), [log]);
  return <p>{state.kind}</p>;
}

function Page({ log }: { log: string[] }) {
  return (
    <SurveyStoresProvider
      surveyCode="abc"
      shareConfig={shareConfigSchema.parse({})}
      persistence={null}
      phase={{ kind: 'answering' }}
      initialResponses={{}}
    >
      <SessionState log={log} />
    </SurveyStoresProvider>
  );
}

describe('useResponseSession', () => {
  it('hydrates the server’s state without a second, synchronous render of the survey', async () => {
    const log: string[] = [];
    const container = hydrateServerHtml(<Page log={[]} />, <Page log={log} />);
    await vi.waitFor(() => expect(log).toContain('hydration task over'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('idle');
    expect(log).toEqual(['render idle', 'hydration task over']);
  });
});
