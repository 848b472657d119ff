import 'server-only';
import { isIP } from 'node:net';
import { getServerEnv } from '@/lib/env';

/**
 * The API base URL handed to the browser: `API_BASE_URL` at run time, so one build serves any backend, else the
 * embedded backend as `/api` on whatever origin the browser used — never an origin taken from `Host` or
 * `X-Forwarded-Host`, which the caller writes.
 */
export function getApiBaseUrl(): string {
  return (getServerEnv().API_BASE_URL ?? '/api').replace(/\/+$/, '');
}

/** True when the survey API is this server's embedded backend (it then also lists the demo surveys). */
export function usesEmbeddedBackend(): boolean {
  return getServerEnv().API_BASE_URL === undefined;
}

/**
 * Base URL for server-side calls to the embedded backend: this very process, whatever Host header the browser
 * sent (a public host name may not resolve from inside the server). That is the address Next listens on when it
 * is an IP (`-H ::1` is not reachable on 127.0.0.1), else IPv4 loopback on its port (`localhost`, `0.0.0.0`).
 */
export async function getServerSideApiBaseUrl(): Promise<string> {
  const env = getServerEnv();
  if (env.API_BASE_URL) return env.API_BASE_URL.replace(/\/+$/, '');
  const listening = env.__NEXT_PRIVATE_ORIGIN ? new URL(env.__NEXT_PRIVATE_ORIGIN) : null;
  const ownAddress = listening && isIP(listening.hostname.replace(/^\[|\]$/g, '')) ? listening.host : null;
  return `http://${ownAddress ?? `127.0.0.1:${env.PORT}`}/api`;
}
