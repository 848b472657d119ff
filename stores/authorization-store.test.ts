import { describe, expect, it } from 'vitest';

import { createAuthorizationStore } from './authorization-store';

describe('authorization store', () => {
  it('sets the error flag on a wrong password and resets it on success', () => {
    const store = createAuthorizationStore();
    expect(store.getState()).toMatchObject({ logged: false, error: false, accessToken: null });
    store.getState().loginFailed();
    expect(store.getState()).toMatchObject({ logged: false, error: true });
    store.getState().loginSucceeded('gate-token');
    expect(store.getState()).toMatchObject({ logged: true, error: false, accessToken: 'gate-token' });
  });

  it('starts logged when the survey has no gate', () => {
    const store = createAuthorizationStore({ logged: true });
    expect(store.getState().logged).toBe(true);
  });
});
