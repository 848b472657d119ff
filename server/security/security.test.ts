import { describe, expect, it } from 'vitest';

import { issueGateToken, verifyGateToken, GATE_TOKEN_TTL_MS } from './gate-token';
import { hashPassword, verifyPassword } from './password-hash';
import { randomAlphanumeric, randomToken, sha256Hex, tokenMatchesHash } from './random-token';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const first = await hashPassword('demo');
    const second = await hashPassword('demo');
    expect(first).not.toBe(second);
    expect(first).not.toContain('demo');
    expect(await verifyPassword('demo', first)).toBe(true);
    expect(await verifyPassword('Demo', first)).toBe(false);
    expect(await verifyPassword('demo', 'garbage')).toBe(false);
  });
});

describe('gate tokens', () => {
  const secret = 'x'.repeat(32);
  const subject = { surveyId: 7, passwordHash: 'scrypt$hash-a' };
  const now = 1_700_000_000_000;

  it('open the gate of their survey until they expire', () => {
    const token = issueGateToken(secret, subject, now);
    expect(verifyGateToken(secret, subject, token, now + 1000)).toBe(true);
    expect(verifyGateToken(secret, subject, token, now + GATE_TOKEN_TTL_MS)).toBe(false);
  });

  it('fail for another survey, another password, another secret or a tampered expiry', () => {
    const token = issueGateToken(secret, subject, now);
    expect(verifyGateToken(secret, { ...subject, surveyId: 8 }, token, now)).toBe(false);
    expect(verifyGateToken(secret, { ...subject, passwordHash: 'scrypt$hash-b' }, token, now)).toBe(false);
    expect(verifyGateToken('y'.repeat(32), subject, token, now)).toBe(false);
    const [id, expiry, mac] = token.split('.');
    expect(verifyGateToken(secret, subject, `${id}.${Number(expiry) + 1}.${mac}`, now)).toBe(false);
    expect(verifyGateToken(secret, subject, 'nonsense', now)).toBe(false);
  });
});

describe('random codes', () => {
  it('are letters and digits only, of the asked length, so no code can start a spreadsheet formula', () => {
    for (let run = 0; run < 2000; run += 1) expect(randomAlphanumeric(22)).toMatch(/^[A-Za-z0-9]{22}$/);
  });

  it('use every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const char of randomAlphanumeric(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1000 expected per character; 5 standard deviations is about ±160.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(170);
  });
});

describe('random tokens', () => {
  it('are URL-safe, carry the asked entropy, and match only their own hash', () => {
    const token = randomToken(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toHaveLength(22);
    expect(tokenMatchesHash(token, sha256Hex(token))).toBe(true);
    expect(tokenMatchesHash(`${token}x`, sha256Hex(token))).toBe(false);
  });
});
