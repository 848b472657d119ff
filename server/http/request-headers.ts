import 'server-only';

import { getServerEnv } from '@/lib/env';

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The TCP peer's address, written by the production server (scripts/server.mjs) over anything a caller sent under
 * this name. Without that server (`next start` directly) it is absent and every caller shares one rate-limit key.
 */
export const PEER_HEADER = 'x-encuesta-peer';

/**
 * The client's address, for rate limits. Request headers are written by the caller, so `X-Forwarded-For` is
 * believed only as far as `TRUST_PROXY` says: with 0 (the default) the client is the TCP peer; with n trusted
 * proxies in front, each appending the address it saw, the client is the entry n places from the end of the chain
 * (the peer being the last). Whatever a client prepends itself lies beyond the trusted part and is never read.
 */
export function clientAddress(request: Request, trustProxy = getServerEnv().TRUST_PROXY): string {
  const peer = request.headers.get(PEER_HEADER)?.trim() || 'unknown';
  if (trustProxy === 0) return peer.slice(0, 64);
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return (chain[Math.max(0, chain.length - 1 - trustProxy)] ?? peer).slice(0, 64);
}
