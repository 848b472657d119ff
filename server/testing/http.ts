const ORIGIN = 'http://localhost:3000';

type Headers = Record<string, string>;

export function bearer(token: string | null | undefined): Headers {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A request as Next hands it to a route handler. */
export function apiRequest(method: string, pathname: string, body?: unknown, headers: Headers = {}): Request {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Headers)['content-type'] = 'application/json';
  }
  return new Request(new URL(pathname, ORIGIN), init);
}

/** The second argument of a dynamic route handler. */
export function routeParams<T extends Record<string, string>>(params: T): { params: Promise<T> } {
  return { params: Promise.resolve(params) };
}

export async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
