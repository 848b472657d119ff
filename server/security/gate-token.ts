import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a passed password gate stays open for one browser. */
export const GATE_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

interface GateSubject {
  surveyId: number;
  /** Part of the signed message: changing a survey's password invalidates the tokens issued for the old one. */
  passwordHash: string;
}

function signature(secret: string, subject: GateSubject, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`gate:${subject.surveyId}:${expiresAt}:${subject.passwordHash}`).digest();
}

/** `<survey id>.<expiry ms>.<HMAC-SHA256 b64url>`; stateless, so any instance can check it. */
export function issueGateToken(secret: string, subject: GateSubject, now: number): string {
  const expiresAt = now + GATE_TOKEN_TTL_MS;
  return `${subject.surveyId}.${expiresAt}.${signature(secret, subject, expiresAt).toString('base64url')}`;
}

export function verifyGateToken(secret: string, subject: GateSubject, token: string, now: number): boolean {
  const [surveyId, expiresAt, mac] = token.split('.');
  if (surveyId !== String(subject.surveyId) || !expiresAt || !mac || !/^\d+$/.test(expiresAt)) return false;
  const expiry = Number(expiresAt);
  if (expiry <= now) return false;
  const expected = signature(secret, subject, expiry);
  const actual = Buffer.from(mac, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
