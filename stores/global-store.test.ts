import { describe, expect, it } from 'vitest';

import { createGlobalStore } from './global-store';

describe('global store', () => {
  it('holds the global server error', () => {
    const store = createGlobalStore();
    expect(store.getState().serverError).toBeNull();
    store.getState().setServerError('unexpected_error');
    expect(store.getState().serverError).toBe('unexpected_error');
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
