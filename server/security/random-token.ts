import 'server-only';

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** URL-safe random string carrying `bytes * 8` bits of entropy. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** What we store instead of a bearer token: a leaked database then grants no write access. */
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
