import { describe, expect, it } from 'vitest';

import { createGlobalStore } from './global-store';

describe('global store', () => {
  it('setting a server error stops loading', () => {
    const store = createGlobalStore({ loading: true });
    store.getState().setServerError('unexpected_error', 'Custom text');
    expect(store.getState()).toMatchObject({
      serverError: 'unexpected_error',
      errorMessage: 'Custom text',
      loading: false,
    });
    store.getState().clearServerError();
    expect(store.getState()).toMatchObject({ serverError: null, errorMessage: null });
  });

  it('tracks connectivity, storage and saving', () => {
    const store = createGlobalStore();
    expect(store.getState()).toMatchObject({
      online: true,
      storageAvailable: true,
      pendingSaves: 0,
      saveState: 'idle',
    });
    store.getState().setOnline(false);
    store.getState().setStorageAvailable(false);
    store.getState().setPendingSaves(-1);
    store.getState().setSaveState('offline');
    expect(store.getState()).toMatchObject({
      online: false,
      storageAvailable: false,
      pendingSaves: 0,
      saveState: 'offline',
    });
  });
});
