import 'server-only';

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** URL-safe random string carrying `bytes * 8` bits of entropy. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 a byte can hold: bytes at or above it are skipped, so every character is as likely. */
const UNBIASED_BYTE_LIMIT = 248;

/**
 * A random code of letters and digits, carrying `length * log2(62)` bits (22 characters: 130 bits). Codes that
 * respondents carry in links, e-mails and exports: no `-` or `_`, so none can start a spreadsheet formula or be
 * cut by a mail client's line wrapping.
 */
export function randomAlphanumeric(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT && code.length < length) code += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return code;
}

/** What we store instead of a bearer token, so that no table holds the token itself. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time check of a presented token against its stored SHA-256. */
export function tokenMatchesHash(token: string, storedHash: string): boolean {
  const actual = Buffer.from(sha256Hex(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The write token of a response, derived from its code with the server secret: the server can hand it again to
 * whoever holds the code (the resume capability of survey-format.md), so an answer-later link opened on another
 * device can keep saving, while only its hash is stored.
 */
export function responseTokenFor(secret: string, responseCode: string): string {
  return createHmac('sha256', secret).update(`response-token:${responseCode}`).digest('base64url');
}
