import { describe, expect, it } from 'vitest';

import { shareConfigSchema } from '@/lib/survey-format/share-config';
import { createSurveyStore } from '@/stores/survey-store';

import { createLocalPersistencePort } from './local-persistence-port';
import { createMemoryStorage } from './memory-storage';
import { createSafeStorage } from './safe-storage';

function setup(
  options: { surveyCode?: string | null; shareConfig?: Record<string, unknown>; readOnly?: boolean } = {},
) {
  const backing = createMemoryStorage();
  const hints: Array<[string, boolean]> = [];
  const tab = createMemoryStorage();
  const port = createLocalPersistencePort(
    createSafeStorage(backing),
    (code, on) => hints.push([code, on]),
    createSafeStorage(tab),
  );
  port.setWritable(true);
  const store = createSurveyStore({
    surveyCode: options.surveyCode === undefined ? 'abc' : options.surveyCode,
    shareConfig: shareConfigSchema.parse(options.shareConfig ?? {}),
    persistence: options.readOnly ? null : port,
  });
  const stored = () => Object.fromEntries(backing.entries);
  const keptInTab = () => Object.fromEntries(tab.entries);
  return { store, stored, keptInTab, port, hints };
}

// The survey store over the real port: the spec §4 rules end to end, down to the localStorage keys.
describe('survey store persistence', () => {
  it('setAnswer normalizes and saves all responses', () => {
    const { store, stored } = setup();
    store.getState().setAnswer(101, ['1']);
    store.getState().setAnswer('102', [null, 'x']);
    expect(store.getState().responses).toEqual({ '101': ['1'], '102': [] });
    expect(JSON.parse(stored()['survey-abc'] ?? 'null')).toEqual({ '101': ['1'], '102': [] });
  });

  it('saves response code and id only when a survey code exists', () => {
    const withCode = setup();
    withCode.store.getState().setResponseCode('RC');
    withCode.store.getState().setResponseId(9);
    expect(withCode.stored()).toEqual({ 'survey-abc-response-code': 'RC', 'survey-abc-response-id': '9' });

    const withoutCode = setup({ surveyCode: null });
    withoutCode.store.getState().setResponseCode('RC');
    expect(withoutCode.store.getState().responseCode).toBe('RC');
    expect(withoutCode.stored()).toEqual({});
  });

  it('finish stores the finished flag per share config and keeps answers in memory', () => {
    const { store, stored } = setup({ shareConfig: { multiple_responses: true, multiple_responses_time: 60 } });
    store.getState().setAnswer(1, ['a']);
    store.getState().setResponseCode('RC');
    store.getState().finish(5000);
    expect(stored()).toEqual({ 'survey-abc-finished': 'true', 'survey-abc-finished-time': '5000' });
    expect(store.getState()).toMatchObject({ finished: true, responses: { '1': ['a'] } });
  });

  it('saves the shuffle order and last time used', () => {
    const { store, stored } = setup();
    store.getState().setQuestionsSortedId({ pages: [3, 1], 'page:3': [30, 31] });
    store.getState().setLastTimeUsed(42);
    expect(stored()).toEqual({
      'survey-abc-shuffle-pages': '{"pages":[3,1],"page:3":[30,31]}',
      'survey-abc-last-time-used': '42',
    });
  });

  it('read-only mode writes nothing', () => {
    const { store, stored } = setup({ readOnly: true });
    store.getState().setAnswer(1, ['a']);
    store.getState().setResponseCode('RC');
    store.getState().finish(1);
    expect(store.getState().responses).toEqual({ '1': ['a'] });
    expect(stored()).toEqual({});
  });

  it('writes nothing until this tab may write (it holds the writer lock), then everything', () => {
    const { store, stored, port } = setup();
    port.setWritable(false);
    store.getState().setAnswer(101, ['1']);
    expect(stored()).toEqual({});
    port.setWritable(true);
    store.getState().setAnswer(102, ['2']);
    expect(JSON.parse(stored()['survey-abc'] ?? 'null')).toEqual({ '101': ['1'], '102': ['2'] });
  });

  it("keeps the answers given before the response opened in the tab's own storage, whether it may write or not", () => {
    const { store, stored, keptInTab, port, hints } = setup();
    port.setWritable(false);
    store.getState().setAnswer(101, ['1']);
    expect(stored()).toEqual({});
    expect(JSON.parse(keptInTab()['survey-abc-unsaved'] ?? 'null')).toEqual({ '101': ['1'] });
    // A reload then shows "restoring", as it does for answers kept on the device.
    expect(hints).toEqual([['abc', true]]);
    port.setWritable(true);
    store.getState().setAnswer(102, ['2']);
    expect(port.loadUnsaved('abc')).toEqual({ '101': ['1'], '102': ['2'] });
    // Once the response is open it holds them: the tab keeps nothing more.
    port.forgetUnsaved('abc');
    store.getState().setAnswer(103, ['3']);
    expect(keptInTab()).toEqual({});
    expect(JSON.parse(stored()['survey-abc'] ?? 'null')).toEqual({ '101': ['1'], '102': ['2'], '103': ['3'] });
  });

  it("adds a reloaded page's unsaved answers to those the tab kept before the reload, never over them", () => {
    const tab = createMemoryStorage({ 'survey-abc-unsaved': JSON.stringify({ '101': ['1'] }) });
    const port = createLocalPersistencePort(createSafeStorage(createMemoryStorage()), () => {}, createSafeStorage(tab));
    // The reloaded page starts without the earlier answer, and a URL parameter is no answer.
    port.saveResponses('abc', { '101': [], '102': ['2'], 'url_param:src': ['mail'] });
    expect(JSON.parse(tab.entries.get('survey-abc-unsaved') ?? 'null')).toEqual({ '101': ['1'], '102': ['2'] });
  });

  it('sets the restore hint once the response holds an answer, and clears it when finished', () => {
    const { store, hints } = setup();
    store.getState().setResponses({ 'url_param:src': ['mail'] });
    expect(hints).toEqual([]);
    store.getState().setAnswer(101, ['1']);
    expect(hints).toEqual([['abc', true]]);
    store.getState().finish(0);
    expect(hints.at(-1)).toEqual(['abc', false]);
  });

  it('writes the restore hint when it changes, not with every answer and position', () => {
    const { store, port, hints } = setup();
    store.getState().setAnswer(101, ['1']);
    store.getState().setAnswer(102, ['2']);
    port.savePosition('abc', { currentPageId: 2, history: [1] });
    expect(hints).toEqual([['abc', true]]);
    store.getState().finish(0);
    store.getState().setAnswer(103, ['3']);
    expect(hints).toEqual([
      ['abc', true],
      ['abc', false],
      ['abc', true],
    ]);
  });

  it('forgets the marks of a kept response another one replaced, and its restore hint until the new one holds an answer', () => {
    const { store, port, stored, hints } = setup();
    store.getState().setAnswer(101, ['1']);
    port.savePosition('abc', { currentPageId: 3, history: [1, 2] });
    port.saveSentAlerts('abc', [7]);
    // The kept response was over: a new one, with nothing answered yet, takes its place.
    store.getState().setResponses({});
    store.getState().setResponseCode('RC-NEW');
    port.clearResponseMarks('abc');
    expect(stored()['survey-abc-position']).toBeUndefined();
    expect(stored()['survey-abc-alerts']).toBeUndefined();
    expect(hints.at(-1)).toEqual(['abc', false]);
    store.getState().setAnswer(102, ['2']);
    expect(hints.at(-1)).toEqual(['abc', true]);
  });

  it('keeps position, sent alerts and the gate pass, and reads an ongoing response back', () => {
    const { store, port } = setup();
    expect(port.loadOngoing('abc')).toBeNull();
    store.getState().setAnswer(101, ['1']);
    store.getState().setResponseCode('RC');
    port.savePosition('abc', { currentPageId: 3, history: [1, 2] });
    port.saveSentAlerts('abc', [7]);
    expect(port.loadOngoing('abc')).toEqual({
      responseCode: 'RC',
      responses: { '101': ['1'] },
      position: { currentPageId: 3, history: [1, 2] },
      shuffleOrders: null,
      sentAlerts: [7],
    });
    port.saveGatePass('abc', 'gate-token');
    expect(port.loadGatePass('abc')).toBe('gate-token');
    port.saveGatePass('abc', true);
    expect(port.loadGatePass('abc')).toBe(true);
    store.getState().finish(0);
    expect(port.loadOngoing('abc')).toBeNull();
  });
});
