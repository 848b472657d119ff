/** Device-wide on purpose: the respondent asked to remember their address, not one survey's. */
const STORAGE_KEY = 'encuesta-answer-later-email';

/**
 * Runs `action` on localStorage, or gives `fallback`: the storage may be missing (server render) or throw
 * (disabled cookies, Safari private mode, full quota), and remembering an address is never worth an error.
 */
function withStorage<T>(action: (storage: Storage) => T, fallback: T): T {
  try {
    return typeof window === 'undefined' ? fallback : action(window.localStorage);
  } catch {
    return fallback;
  }
}

/** The address remembered on this device, or `null`. */
export function loadRememberedEmail(): string | null {
  return withStorage((storage) => storage.getItem(STORAGE_KEY) || null, null);
}

export function saveRememberedEmail(email: string): void {
  withStorage((storage) => storage.setItem(STORAGE_KEY, email), undefined);
}

/** For a respondent who unticked "remember": an address kept from an earlier visit must go too. */
export function forgetRememberedEmail(): void {
  withStorage((storage) => storage.removeItem(STORAGE_KEY), undefined);
}
