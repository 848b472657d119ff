import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** A recorded request of the fake adapter. */
export interface RecordedRequest {
  method: string;
  url: string;
  fullUrl: string;
  headers: Record<string, string>;
  data: unknown;
  params: unknown;
  withCredentials: boolean;
  responseType?: string;
  config: InternalAxiosRequestConfig;
}

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Simulate a network error (no response). */
  network?: boolean;
}

/**
 * An axios adapter for tests: records every request and answers with `reply(request)`. Statuses outside 2xx are
 * rejected the way axios' own adapters do (AxiosError with the response), so interceptors see real errors.
 * Test helper only; never imported by app code.
 */
export function fakeAdapter(reply: (request: RecordedRequest) => FakeReply | Promise<FakeReply>) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers).toJSON(true) as Record<string, string>;
    const baseURL = config.baseURL ?? '';
    const url = config.url ?? '';
    const fullUrl = /^[a-z]+:\/\//i.test(url) ? url : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      fullUrl,
      headers,
      data: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      params: config.params,
      withCredentials: config.withCredentials === true,
      responseType: config.responseType,
      config,
    };
    requests.push(request);
    const answer = await reply(request);
    if (answer.network) {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: answer.data ?? null,
      status: answer.status ?? 200,
      statusText: String(answer.status ?? 200),
      headers: AxiosHeaders.from(answer.headers ?? {}),
      config,
      request: {},
    };
    if (response.status >= 200 && response.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { adapter, requests };
}
