import 'server-only';

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The client key for rate limiting: first X-Forwarded-For address, else X-Real-IP, else 'local'.
 * Deployment note: these headers are only trustworthy behind a proxy that overwrites them; exposed directly,
 * a client could rotate them to dodge the limit (the slow scrypt hash still bounds its guessing rate).
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const real = request.headers.get('x-real-ip')?.trim();
  if (real) return real.slice(0, 64);
  return 'local';
}
