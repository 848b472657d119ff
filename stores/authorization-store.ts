import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * The password gate (spec §4): not logged, then logged on the correct password; a wrong password sets `error`,
 * which a success resets. `accessToken` is what our backend returns with a valid password, sent to read-survey to
 * get the gated content.
 */
export interface AuthorizationState {
  logged: boolean;
  error: boolean;
  accessToken: string | null;
  loginSucceeded: (accessToken?: string | null) => void;
  loginFailed: () => void;
}

export interface AuthorizationStoreInit {
  /** `true` when the survey needs no password. */
  logged?: boolean;
  accessToken?: string | null;
}

export type AuthorizationStore = StoreApi<AuthorizationState>;

export function createAuthorizationStore(init: AuthorizationStoreInit = {}): AuthorizationStore {
  return createStore<AuthorizationState>()((set) => ({
    logged: init.logged ?? false,
    error: false,
    accessToken: init.accessToken ?? null,
    loginSucceeded: (accessToken = null) => set({ logged: true, error: false, accessToken }),
    loginFailed: () => set({ logged: false, error: true }),
  }));
}
