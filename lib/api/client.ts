import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { toApiError } from './errors';

export interface ApiClientOptions {
  /** API base URL (`API_BASE_URL`, default `{origin}/api`). Absolute, or a path on this origin. */
  baseURL: string;
  /** Called when a request starts (progress bar). */
  onRequestStart?: () => void;
  /** Called when a request ends; `failed` moves the progress bar to its failed state (spec §7). */
  onRequestEnd?: (failed: boolean) => void;
  /** Time-out per request in ms (default 30 s; uploads pass their own). */
  timeoutMs?: number;
}

/** Request hooks only paint progress: their failure must never turn a request's answer into an error. */
function notify(hook: () => void): void {
  try {
    hook();
  } catch {
    // Nothing to do: the request itself is unaffected.
  }
}

function currentOrigin(): string | undefined {
  // `location` exists only in a browser; on the server every request is judged against the base URL alone.
  const location = (globalThis as { location?: { origin?: string } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null' ? location.origin : undefined;
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Spec §7: credentials are sent for same-origin or base-URL requests only. `requestUrl` is the request's URL as
 * given (absolute, or relative to the base URL).
 */
export function shouldSendCredentials(
  requestUrl: string,
  baseURL: string,
  origin: string | undefined = currentOrigin(),
): boolean {
  try {
    const base = new URL(baseURL, origin ?? 'http://invalid.invalid');
    const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(requestUrl) || requestUrl.startsWith('//');
    const target = isAbsolute
      ? new URL(requestUrl, base)
      : new URL(axios.getUri({ baseURL: base.href, url: requestUrl }));
    if (origin !== undefined && target.origin === origin) return true;
    if (base.hostname === 'invalid.invalid') return false;
    return (
      target.origin === base.origin && withTrailingSlash(target.pathname).startsWith(withTrailingSlash(base.pathname))
    );
  } catch {
    return false;
  }
}

/** Headers that authorise a request with a bearer token (response token, gate access token). */
export function bearer(token: string | null | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The one configured axios instance: JSON, credentials by the spec's rule, progress callbacks, and every failure
 * turned into an `ApiError`.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 30_000,
    headers: { Accept: 'application/json, text/plain' },
  });

  client.interceptors.request.use(
    (config: InternalAxiosRequestConfig) => {
      config.withCredentials = shouldSendCredentials(config.url ?? '', config.baseURL ?? options.baseURL);
      notify(() => options.onRequestStart?.());
      return config;
    },
    (error: unknown) => Promise.reject(toApiError(error)),
  );

  client.interceptors.response.use(
    (response) => {
      notify(() => options.onRequestEnd?.(false));
      return response;
    },
    (error: unknown) => {
      const apiError = toApiError(error);
      notify(() => options.onRequestEnd?.(!apiError.isCanceled));
      return Promise.reject(apiError);
    },
  );

  return client;
}
