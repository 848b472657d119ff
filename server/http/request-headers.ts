import 'server-only';

import { isIP, isIPv6 } from 'node:net';
import { getServerEnv } from '@/lib/env';

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The TCP peer's address, written by the production server (scripts/server.mjs) over anything a caller sent under
 * this name. Without that server (`next start` directly) nothing overwrites it, so it is read only when that server
 * says it runs (`PEER_FROM_SOCKET`); else every caller shares one rate-limit key, whatever it sends.
 */
export const PEER_HEADER = 'x-encuesta-peer';

/** Set by scripts/server.mjs in its own process, before Next starts: the peer header is the socket's (lib/env.ts). */
export const PEER_FROM_SOCKET = 'ENCUESTA_PEER_FROM_SOCKET';

/**
 * The client, for rate limits: its address, or for IPv6 its /64 network. Request headers are written by the
 * caller, so `X-Forwarded-For` is believed only as far as `TRUST_PROXY` says: with 0 (the default) the client is
 * the TCP peer; with n trusted proxies in front, each appending the address it saw, the client is the entry n places
 * from the end of the chain (the peer being the last). Whatever a client prepends itself lies beyond the trusted
 * part and is never read.
 */
export function clientAddress(request: Request, trustProxy = getServerEnv().TRUST_PROXY): string {
  const written = getServerEnv().ENCUESTA_PEER_FROM_SOCKET ? request.headers.get(PEER_HEADER)?.trim() : undefined;
  const peer = written || 'unknown';
  if (trustProxy === 0) return limitKeyOf(peer);
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  const entry = chain[Math.max(0, chain.length - 1 - trustProxy)] ?? peer;
  // A trusted proxy writes an address; anything else there (`unknown`, text) is no client to key on.
  return limitKeyOf(isIP(entry.replace(/^\[|\]$/g, '').replace(/%.*$/, '')) === 0 ? peer : entry);
}

/**
 * One key for one client. An IPv6 host is handed a whole /64 and picks its addresses from it at will, so one
 * address a key would let it make up a new client for every request (and, by twelve of them, lock a password
 * survey's gate for everyone: server/passwords/check-password.ts): its key is the /64. An IPv4 address written
 * as IPv6 (`::ffff:203.0.113.7`) is the IPv4 address.
 */
function limitKeyOf(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare.slice(0, 64);
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An IPv4 tail (`64:ff9b::192.0.2.1`) stands for two groups.
  const width = (list: string[]) => list.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const expanded =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - width(groups(head)) - width(groups(tail))).fill('0'), ...groups(tail)];
  return `${expanded
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
