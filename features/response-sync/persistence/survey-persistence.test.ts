import { describe, expect, it } from 'vitest';

import { createMemoryStorage } from './memory-storage';
import { createSafeStorage } from './safe-storage';
import {
  clearContentForNewResponse,
  clearResponseCode,
  isFinishedOnDevice,
  loadGateCustomFields,
  loadGatePass,
  loadPersistedSurvey,
  loadResponses,
  markFinished,
  saveGatePass,
  saveLastTimeUsed,
  saveResponseCode,
  saveResponseId,
  saveResponses,
  saveShuffleOrders,
} from './survey-persistence';

const CODE = 'abc';

function setup(initial: Record<string, string> = {}) {
  const backing = createMemoryStorage(initial);
  return { backing, storage: createSafeStorage(backing) };
}

const fullyStored = {
  'survey-abc': '{"101":["1"]}',
  'survey-abc-response-code': 'RC',
  'survey-abc-response-id': '7',
  'survey-abc-response-token': 'tok',
  'survey-abc-seq': '4',
  'survey-abc-shuffle-pages': '{"pages":[2,1]}',
  'survey-abc-finished-time': '5',
  'survey-abc-last-time-used': '9',
};

describe('survey persistence (spec §4)', () => {
  it('setting an answer saves all responses as JSON text', () => {
    const { backing, storage } = setup();
    saveResponses(storage, CODE, { '101': ['1'], '102': ['a', 'b'], 'url_param:src': ['mail'] });
    expect(JSON.parse(backing.entries.get('survey-abc') ?? 'null')).toEqual({
      '101': ['1'],
      '102': ['a', 'b'],
      'url_param:src': ['mail'],
    });
  });

  it('saves an answer list that is empty or starts with an empty or null item as empty', () => {
    const { storage } = setup();
    saveResponses(storage, CODE, { '1': [], '2': [''], '3': [null, 'x'], '4': ['  '], '5': ['ok', ''] });
    expect(loadResponses(storage, CODE)).toEqual({ '1': [], '2': [], '3': [], '4': [], '5': ['ok', ''] });
  });

  it('saves the response code and id only if a survey code exists', () => {
    const { backing, storage } = setup();
    saveResponseCode(storage, CODE, 'RC1');
    saveResponseId(storage, CODE, 12);
    saveResponseCode(storage, '', 'lost');
    saveResponseId(storage, null, 13);
    expect(Object.fromEntries(backing.entries)).toEqual({
      'survey-abc-response-code': 'RC1',
      'survey-abc-response-id': '12',
    });
  });

  it('resetting the response code removes responses, code, id, shuffle order and finished time', () => {
    const { backing, storage } = setup({ ...fullyStored, 'survey-abc-finished': 'true' });
    clearResponseCode(storage, CODE);
    // The finished flag and last time used are not part of a response.
    expect(Object.fromEntries(backing.entries)).toEqual({
      'survey-abc-finished': 'true',
      'survey-abc-last-time-used': '9',
    });
  });

  it('finishing with multiple responses and a time stores the flag and the finish time in ms', () => {
    const { backing, storage } = setup(fullyStored);
    markFinished(storage, CODE, { multiple_responses: true, multiple_responses_time: 30 }, 1_000_000);
    expect(backing.entries.get('survey-abc-finished')).toBe('true');
    expect(backing.entries.get('survey-abc-finished-time')).toBe('1000000');
  });

  it('finishing with multiple responses and no time stores nothing as finished', () => {
    const { backing, storage } = setup();
    markFinished(storage, CODE, { multiple_responses: true, multiple_responses_time: null }, 1_000_000);
    expect(backing.entries.has('survey-abc-finished')).toBe(false);
    expect(backing.entries.has('survey-abc-finished-time')).toBe(false);
  });

  it('finishing without multiple responses stores a finished flag only', () => {
    const { backing, storage } = setup();
    markFinished(storage, CODE, { multiple_responses: false, multiple_responses_time: 30 }, 1_000_000);
    expect(backing.entries.get('survey-abc-finished')).toBe('true');
    expect(backing.entries.has('survey-abc-finished-time')).toBe(false);
  });

  it('finishing clears stored responses, code and shuffle order (and our token and seq) but keeps the id', () => {
    const { backing, storage } = setup(fullyStored);
    markFinished(storage, CODE, { multiple_responses: false }, 1);
    for (const key of [
      'survey-abc',
      'survey-abc-response-code',
      'survey-abc-shuffle-pages',
      'survey-abc-response-token',
      'survey-abc-seq',
    ]) {
      expect(backing.entries.has(key), key).toBe(false);
    }
    expect(backing.entries.get('survey-abc-response-id')).toBe('7');
  });

  it('saves last time used and the sorted question order only if a survey code exists', () => {
    const { backing, storage } = setup();
    saveLastTimeUsed(storage, CODE, 123);
    saveShuffleOrders(storage, CODE, { pages: [3, 1, 2], 'page:1': [11, 10] });
    saveLastTimeUsed(storage, undefined, 456);
    saveShuffleOrders(storage, '', { pages: [1] });
    expect(Object.fromEntries(backing.entries)).toEqual({
      'survey-abc-last-time-used': '123',
      'survey-abc-shuffle-pages': '{"pages":[3,1,2],"page:1":[11,10]}',
    });
  });

  it('opening a new response clears every answer to [] except custom_field: and url_param: entries', () => {
    expect(
      clearContentForNewResponse({
        '101': ['1', '2'],
        '102': [],
        'custom_field:dept': ['sales'],
        'url_param:src': ['mail'],
      }),
    ).toEqual({ '101': [], '102': [], 'custom_field:dept': ['sales'], 'url_param:src': ['mail'] });
  });

  it('loads everything stored for a survey, ignoring corrupt values', () => {
    const { storage } = setup({ ...fullyStored, 'survey-abc-shuffle-pages': '{not json' });
    expect(loadPersistedSurvey(storage, CODE)).toEqual({
      responses: { '101': ['1'] },
      responseCode: 'RC',
      responseId: 7,
      responseToken: 'tok',
      seq: 4,
      serverContent: null,
      startDate: null,
      pendingResponse: null,
      clientKey: null,
      shuffleOrders: null,
      lastTimeUsed: 9,
    });
  });
});

describe('the gate passed in this browser', () => {
  it('keeps the password repository’s custom fields with the pass, and forgets them with it', () => {
    const { storage } = setup();
    saveGatePass(storage, CODE, 'tok', { dept: 'sales' });
    expect(loadGatePass(storage, CODE)).toBe('tok');
    expect(loadGateCustomFields(storage, CODE)).toEqual({ dept: 'sales' });
    saveGatePass(storage, CODE, null);
    expect(loadGatePass(storage, CODE)).toBeNull();
    expect(loadGateCustomFields(storage, CODE)).toBeNull();
  });
});

describe('isFinishedOnDevice', () => {
  const MINUTE = 60_000;

  it('is false without the flag', () => {
    const { storage } = setup();
    expect(isFinishedOnDevice(storage, CODE, { multiple_responses: false }, 0)).toBe(false);
  });

  it('is true with the flag when multiple responses are not allowed', () => {
    const { storage } = setup({ 'survey-abc-finished': 'true' });
    expect(isFinishedOnDevice(storage, CODE, { multiple_responses: false }, 0)).toBe(true);
  });

  it('with multiple_responses_time, is finished only for that many minutes after the finish', () => {
    const { storage } = setup();
    const policy = { multiple_responses: true, multiple_responses_time: 10 };
    markFinished(storage, CODE, policy, 1_000_000);
    expect(isFinishedOnDevice(storage, CODE, policy, 1_000_000 + 10 * MINUTE - 1)).toBe(true);
    expect(isFinishedOnDevice(storage, CODE, policy, 1_000_000 + 10 * MINUTE)).toBe(false);
  });

  it('is never finished when multiple responses are allowed without a time', () => {
    const { storage } = setup({ 'survey-abc-finished': 'true', 'survey-abc-finished-time': '1' });
    expect(isFinishedOnDevice(storage, CODE, { multiple_responses: true, multiple_responses_time: null }, 2)).toBe(
      false,
    );
  });
});

describe('when the browser refuses storage', () => {
  it('keeps working in memory and reports storage as unavailable', () => {
    const { backing, storage } = setup();
    const reports: boolean[] = [];
    storage.subscribe((available) => reports.push(available));
    backing.failing = true;

    expect(() => saveResponses(storage, CODE, { '101': ['1'] })).not.toThrow();
    expect(loadResponses(storage, CODE)).toEqual({ '101': ['1'] });
    markFinished(storage, CODE, { multiple_responses: false }, 1);
    expect(isFinishedOnDevice(storage, CODE, { multiple_responses: false }, 2)).toBe(true);
    expect(loadResponses(storage, CODE)).toBeNull();
    expect(storage.isAvailable()).toBe(false);
    expect(reports).toEqual([false]);
  });

  it('a refused write never lets an older stored value reappear', () => {
    const { backing, storage } = setup({ 'survey-abc': '{"101":["old"]}' });
    backing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    saveResponses(storage, CODE, { '101': ['new'] });
    expect(loadResponses(storage, CODE)).toEqual({ '101': ['new'] });
  });

  it('survives window.localStorage itself throwing (site data blocked)', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    saveResponseCode(storage, CODE, 'RC');
    expect(loadPersistedSurvey(storage, CODE).responseCode).toBe('RC');
    expect(storage.isAvailable()).toBe(false);
  });
});
