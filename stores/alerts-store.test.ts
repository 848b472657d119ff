import { describe, expect, it } from 'vitest';

import { createAlertsStore } from './alerts-store';

describe('alerts store', () => {
  it('remembers each alert id once', () => {
    const store = createAlertsStore();
    expect(store.getState().wasSent(0)).toBe(false);
    store.getState().markSent(0);
    store.getState().markSent(0);
    store.getState().markSent(4);
    expect(store.getState().sentIds).toEqual([0, 4]);
    expect(store.getState().wasSent(0)).toBe(true);
  });
});
