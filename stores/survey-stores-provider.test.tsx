// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { shareConfigSchema } from '@/lib/survey-format/share-config';

import type { SurveyPersistence, SurveyPersistencePort } from './survey-persistence-port';
import {
  SurveyStoresProvider,
  useAuthorizationStore,
  useGlobalStore,
  usePageStore,
  useSurveyStore,
} from './survey-stores-provider';

const shareConfig = shareConfigSchema.parse({});

function fakePort(available = true): SurveyPersistencePort & { saved: unknown[] } {
  const saved: unknown[] = [];
  const noop = () => {};
  return {
    saved,
    saveResponses: (_code, responses) => saved.push(responses),
    saveResponseCode: noop,
    saveResponseId: noop,
    saveResponseToken: noop,
    saveShuffleOrders: noop,
    saveLastTimeUsed: noop,
    markFinished: noop,
    savePosition: noop,
    saveSentAlerts: noop,
    clearResponseMarks: noop,
    loadOngoing: () => null,
    loadUnsaved: () => null,
    forgetUnsaved: () => {},
    saveGatePass: noop,
    loadGatePass: () => null,
    loadGateCustomFields: () => null,
    setWritable: noop,
    isAvailable: () => available,
    subscribe: () => noop,
  };
}

function wrapper(port: SurveyPersistencePort | null) {
  const persistence: SurveyPersistence | null = port && {
    port,
    storage: {
      getItem: () => null,
      setItem: () => {},
      removeItem: () => {},
      isAvailable: port.isAvailable,
      subscribe: port.subscribe,
    },
  };
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <SurveyStoresProvider
        surveyCode="abc"
        shareConfig={shareConfig}
        persistence={persistence}
        phase={{ kind: 'answering' }}
        initialResponses={{ 'url_param:src': ['mail'] }}
      >
        {children}
      </SurveyStoresProvider>
    );
  };
}

function Answer() {
  const answer = useSurveyStore((state) => state.responses['101']?.[0] ?? 'none');
  return <p>answer: {answer}</p>;
}

describe('SurveyStoresProvider', () => {
  it('each hook throws a clear error outside the provider', () => {
    const hooks: Array<() => unknown> = [
      () => useSurveyStore((s) => s.responses),
      () => usePageStore((s) => s.currentPageId),
      () => useGlobalStore((s) => s.online),
      () => useAuthorizationStore((s) => s.logged),
    ];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const hook of hooks) {
      expect(() => renderHook(hook)).toThrow(/SurveyStoresProvider/);
    }
    consoleError.mockRestore();
  });

  it('renders from the stores and persists through the given port', () => {
    const port = fakePort();
    const Wrapper = wrapper(port);
    const { result } = renderHook(() => useSurveyStore((s) => s.setAnswer), { wrapper: Wrapper });
    render(<Answer />, { wrapper: Wrapper });
    expect(screen.getByText('answer: none')).toBeInTheDocument();
    // A separately rendered tree gets its own stores: nothing leaks between mounted surveys.
    act(() => result.current(101, ['7']));
    expect(screen.getByText('answer: none')).toBeInTheDocument();
    expect(port.saved).toEqual([{ 'url_param:src': ['mail'], '101': ['7'] }]);
  });

  it('starts from the phase and the answers the server rendered with (URL parameters)', () => {
    const { result } = renderHook(() => useSurveyStore((s) => s.responses), { wrapper: wrapper(fakePort()) });
    expect(result.current).toEqual({ 'url_param:src': ['mail'] });
  });

  it('keeps the same stores across re-renders', () => {
    const { result, rerender } = renderHook(() => useSurveyStore((s) => s.setAnswer), { wrapper: wrapper(fakePort()) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('reports blocked storage to the global store', () => {
    const { result } = renderHook(() => useGlobalStore((s) => s.storageAvailable), {
      wrapper: wrapper(fakePort(false)),
    });
    expect(result.current).toBe(false);
  });

  it('follows online and offline events', () => {
    const { result } = renderHook(() => useGlobalStore((s) => s.online), { wrapper: wrapper(null) });
    expect(result.current).toBe(true);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
    onLine.mockRestore();
  });
});
