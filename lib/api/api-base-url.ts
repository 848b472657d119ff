import 'server-only';
import { headers } from 'next/headers';
import { getServerEnv } from '@/lib/env';

/** The origin the browser used for this request, behind a proxy too. */
export async function requestOrigin(): Promise<string> {
  const list = await headers();
  const host = list.get('x-forwarded-host') ?? list.get('host') ?? 'localhost:3000';
  const protocol = list.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  return `${protocol}://${host}`;
}

/**
 * `API_BASE_URL` at run time, else the embedded backend on this origin. Read on the server and handed to
 * the browser, so one build serves any backend.
 */
export async function getApiBaseUrl(): Promise<string> {
  const configured = getServerEnv().API_BASE_URL;
  return (configured ?? `${await requestOrigin()}/api`).replace(/\/+$/, '');
}

/** True when the survey API is this server's embedded backend (it then also lists the demo surveys). */
export function usesEmbeddedBackend(): boolean {
  return getServerEnv().API_BASE_URL === undefined;
}

/**
 * Base URL for server-side calls to the embedded backend: always loopback to this very process, whatever
 * Host header the browser sent (a public host name may not resolve from inside the server).
 */
export async function getServerSideApiBaseUrl(): Promise<string> {
  const configured = getServerEnv().API_BASE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `http://127.0.0.1:${getServerEnv().PORT}/api`;
}
