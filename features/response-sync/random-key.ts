const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 22 letters and digits (about 130 random bits): a `client_key`, an upload key or a local response id. Letters and
 * digits only, so it fits the format's `[A-Za-z0-9_-]{16,64}` and any backend's `hash_code`. `getRandomValues`
 * works outside secure contexts too (a survey opened over plain http on a LAN).
 */
export function randomKey(length = 22): string {
  const bytes = new Uint8Array(length * 2);
  crypto.getRandomValues(bytes);
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  for (const byte of bytes) {
    if (byte >= 248) continue;
    out += ALPHABET[byte % ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + randomKey(length - out.length);
}
