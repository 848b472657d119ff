import { describe, expect, it } from 'vitest';

import { shareConfigSchema } from '@/lib/survey-format/share-config';
import { createGlobalStore } from '@/stores/global-store';
import { createSurveyStore } from '@/stores/survey-store';

import { createManualConnectivity } from '../outbox/connectivity';
import { createOutbox } from '../outbox/outbox';
import { createMemoryOutboxRepository } from '../outbox/outbox-repository';
import type { OutboxStatus } from '../outbox/outbox-types';

import { applyOpenResult, connectOutboxStatus, deriveSaveState } from './connect-stores';

const base: OutboxStatus = {
  pendingCount: 0,
  online: true,
  sending: false,
  retrying: false,
  durable: true,
  lastError: null,
};

describe('deriveSaveState', () => {
  it('shows errors first, then offline, saving, saved and idle', () => {
    expect(deriveSaveState({ ...base, lastError: new Error('x'), pendingCount: 2 }, true)).toBe('error');
    expect(deriveSaveState({ ...base, pendingCount: 1, online: false }, true)).toBe('offline');
    expect(deriveSaveState({ ...base, pendingCount: 1 }, false)).toBe('saving');
    expect(deriveSaveState(base, true)).toBe('saved');
    expect(deriveSaveState(base, false)).toBe('idle');
  });
});

describe('store glue', () => {
  it('applies an opened response to the survey store', () => {
    const survey = createSurveyStore({
      surveyCode: 'demo',
      shareConfig: shareConfigSchema.parse({}),
      persistence: null,
    });
    applyOpenResult(survey, {
      kind: 'ready',
      responseCode: 'RC',
      responseId: 3,
      token: 'tok',
      content: { '1': ['a'] },
      startDate: null,
      provisional: false,
      resumed: false,
    });
    expect(survey.getState()).toMatchObject({
      responseCode: 'RC',
      responseId: 3,
      responseToken: 'tok',
      responses: { '1': ['a'] },
    });
  });

  it('mirrors the outbox into pendingSaves and saveState', async () => {
    const connectivity = createManualConnectivity(false);
    const outbox = createOutbox({
      connectivity,
      repository: createMemoryOutboxRepository(),
      sender: {
        createResponse: () => Promise.reject(new Error('unused')),
        patchResponse: () => Promise.resolve(null),
        uploadFile: () => Promise.reject(new Error('unused')),
        queueAlert: () => Promise.resolve(),
        queueResponseEmail: () => Promise.resolve(),
      },
    });
    const global = createGlobalStore();
    const disconnect = connectOutboxStatus(outbox, global);
    await outbox.bind('RC', { code: 'RC', id: 1, token: null });
    await outbox.enqueue({ type: 'save', responseKey: 'RC', content: {} });
    expect(global.getState()).toMatchObject({ pendingSaves: 1, saveState: 'offline' });
    connectivity.setOnline(true);
    await outbox.flush();
    expect(global.getState()).toMatchObject({ pendingSaves: 0, saveState: 'saved' });
    disconnect();
    outbox.stop();
  });
});
