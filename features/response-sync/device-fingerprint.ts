import type { SafeStorage } from './persistence/safe-storage';

const FINGERPRINT_KEY = 'encuesta-device-id';

/**
 * A random id for this browser, kept in storage: the backend's unique-response rule counts finished responses per
 * fingerprint. Random rather than derived from the device, so it identifies nothing about the respondent.
 */
export function deviceFingerprint(storage: SafeStorage): string {
  const stored = storage.getItem(FINGERPRINT_KEY);
  if (stored) return stored;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  storage.setItem(FINGERPRINT_KEY, id);
  return id;
}

/** The `client_signature` this device sends with its create, reads and finish (spec §7); none in a preview. */
export function clientSignature(fingerprint: string): string {
  return fingerprint === '' ? '' : `web:${fingerprint}`;
}
