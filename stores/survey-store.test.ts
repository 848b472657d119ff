import { describe, expect, it, vi } from 'vitest';

import { shareConfigSchema } from '@/lib/survey-format/share-config';

import type { SurveyPersistencePort } from './survey-persistence-port';
import { createSurveyStore, responseCreated } from './survey-store';

/** Records each persistence call as `[method, ...args]`. */
function recordingPort() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const port: SurveyPersistencePort = {
    saveResponses: record('saveResponses'),
    saveResponseCode: record('saveResponseCode'),
    saveResponseId: record('saveResponseId'),
    saveResponseToken: record('saveResponseToken'),
    saveShuffleOrders: record('saveShuffleOrders'),
    saveLastTimeUsed: record('saveLastTimeUsed'),
    markFinished: record('markFinished'),
    savePosition: record('savePosition'),
    saveSentAlerts: record('saveSentAlerts'),
    clearResponseMarks: record('clearResponseMarks'),
    loadOngoing: () => null,
    loadUnsaved: () => null,
    forgetUnsaved: () => {},
    saveGatePass: record('saveGatePass'),
    loadGatePass: () => null,
    loadGateCustomFields: () => null,
    setWritable: record('setWritable'),
    isAvailable: () => true,
    subscribe: () => () => {},
  };
  return { port, calls };
}

function setup() {
  const { port, calls } = recordingPort();
  const shareConfig = shareConfigSchema.parse({ multiple_responses: false });
  const store = createSurveyStore({ surveyCode: 'abc', shareConfig, persistence: port });
  return { store, calls, shareConfig };
}

describe('survey store', () => {
  it('setAnswer normalizes the answer and saves all responses', () => {
    const { store, calls } = setup();
    store.getState().setAnswer(101, ['1']);
    store.getState().setAnswer('102', ['', 'x']);
    expect(store.getState().responses).toEqual({ '101': ['1'], '102': [] });
    expect(calls.at(-1)).toEqual(['saveResponses', 'abc', { '101': ['1'], '102': [] }]);
  });

  it('saves response code, id and token as they are set', () => {
    const { store, calls } = setup();
    store.getState().setResponseCode('RC');
    store.getState().setResponseId(4);
    store.getState().setResponseToken('tok');
    expect(calls).toEqual([
      ['saveResponseCode', 'abc', 'RC'],
      ['saveResponseId', 'abc', 4],
      ['saveResponseToken', 'abc', 'tok'],
    ]);
  });

  it('finish applies the share config policy and keeps answers in memory for the end screens', () => {
    const { store, calls, shareConfig } = setup();
    store.getState().setAnswer(1, ['a']);
    store.getState().finish(99);
    expect(calls.at(-1)).toEqual(['markFinished', 'abc', shareConfig, 99]);
    expect(store.getState()).toMatchObject({ finished: true, responses: { '1': ['a'] } });
  });

  it('saves shuffle orders and last time used', () => {
    const { store, calls } = setup();
    store.getState().setQuestionsSortedId({ 'page:3': [31, 30] });
    store.getState().setLastTimeUsed(7);
    expect(calls).toEqual([
      ['saveShuffleOrders', 'abc', { 'page:3': [31, 30] }],
      ['saveLastTimeUsed', 'abc', 7],
    ]);
  });

  it('writes nothing without persistence (read-only)', () => {
    const store = createSurveyStore({ surveyCode: 'abc', shareConfig: shareConfigSchema.parse({}), persistence: null });
    store.getState().setAnswer(1, ['a']);
    store.getState().finish(1);
    expect(store.getState().responses).toEqual({ '1': ['a'] });
  });
});

describe('responseCreated', () => {
  const store = () =>
    createSurveyStore({ surveyCode: 'abc', shareConfig: shareConfigSchema.parse({}), persistence: null });

  it('gives a known code at once', async () => {
    const known = store();
    known.getState().setResponseCode('RC-1');
    await expect(responseCreated(known, 10)).resolves.toBe('RC-1');
  });

  it('waits for the code, and the token set with it is there when it resolves', async () => {
    const creating = store();
    const created = responseCreated(creating, 1_000).then((code) => [code, creating.getState().responseToken]);
    creating.getState().setResponseCode('RC-2');
    creating.getState().setResponseToken('token-2');
    await expect(created).resolves.toEqual(['RC-2', 'token-2']);
  });

  it('gives up after the time given', async () => {
    vi.useFakeTimers();
    try {
      const waiting = responseCreated(store(), 15_000);
      vi.advanceTimersByTime(15_000);
      await expect(waiting).rejects.toThrow('not created in time');
    } finally {
      vi.useRealTimers();
    }
  });
});
