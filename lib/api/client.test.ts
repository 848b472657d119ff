import { describe, expect, it, vi } from 'vitest';
import { bearer, createApiClient, shouldSendCredentials } from './client';
import { ApiError } from './errors';
import { fakeAdapter, type FakeReply } from './test-adapter';

function setup(reply: FakeReply = { data: {} }, baseURL = 'https://api.example.com/api') {
  const onRequestStart = vi.fn();
  const onRequestEnd = vi.fn();
  const client = createApiClient({ baseURL, onRequestStart, onRequestEnd });
  const fake = fakeAdapter(() => reply);
  client.defaults.adapter = fake.adapter;
  return { client, onRequestStart, onRequestEnd, requests: fake.requests };
}

describe('shouldSendCredentials', () => {
  const base = 'https://api.example.com/api';
  const origin = 'https://app.example.com';

  it('sends credentials under the base URL', () => {
    expect(shouldSendCredentials('/v1/read-survey/x/', base, origin)).toBe(true);
    expect(shouldSendCredentials('https://api.example.com/api/v1/upload/file/', base, origin)).toBe(true);
    expect(shouldSendCredentials('https://api.example.com/api', base, origin)).toBe(true);
  });

  it('sends credentials to the same origin', () => {
    expect(shouldSendCredentials('https://app.example.com/media/a.pdf', base, origin)).toBe(true);
  });

  it('does not send them elsewhere', () => {
    expect(shouldSendCredentials('https://cdn.example.net/a.pdf', base, origin)).toBe(false);
    expect(shouldSendCredentials('https://api.example.com/other/a.pdf', base, origin)).toBe(false);
    expect(shouldSendCredentials('https://api.example.com/apix/a', base, origin)).toBe(false);
    expect(shouldSendCredentials('http://api.example.com/api/v1/', base, origin)).toBe(false);
    expect(shouldSendCredentials('//evil.example/api/', base, origin)).toBe(false);
  });

  it('handles a relative base URL on this origin', () => {
    expect(shouldSendCredentials('/v1/read-survey/x/', '/api', origin)).toBe(true);
    expect(shouldSendCredentials('https://other.example/api/v1/', '/api', origin)).toBe(false);
  });

  it('without a browser origin, only the base URL counts', () => {
    expect(shouldSendCredentials('/v1/x/', base, undefined)).toBe(true);
    expect(shouldSendCredentials('/v1/x/', '/api', undefined)).toBe(false);
  });
});

describe('createApiClient', () => {
  it('asks for JSON or text and applies the credentials rule per request', async () => {
    const { client, requests } = setup();
    await client.get('/v1/read-survey/abc/');
    await client.get('https://cdn.example.net/file.pdf');
    expect(requests[0]!.headers.Accept).toBe('application/json, text/plain');
    expect(requests[0]!.fullUrl).toBe('https://api.example.com/api/v1/read-survey/abc/');
    expect(requests[0]!.withCredentials).toBe(true);
    expect(requests[1]!.withCredentials).toBe(false);
  });

  it('a progress hook that throws never turns an answer into an error', async () => {
    const client = createApiClient({
      baseURL: 'https://api.example.com/api',
      onRequestStart: () => {
        throw new Error('no bar');
      },
      onRequestEnd: () => {
        throw new Error('no bar');
      },
    });
    client.defaults.adapter = fakeAdapter(() => ({ data: { ok: true } })).adapter;
    await expect(client.get('/v1/read-survey/abc/')).resolves.toMatchObject({ data: { ok: true } });
  });

  it('reports start and end of a request', async () => {
    const { client, onRequestStart, onRequestEnd } = setup();
    await client.get('/x/');
    expect(onRequestStart).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledWith(false);
  });

  it('turns failures into ApiError and reports the failure', async () => {
    const { client, onRequestEnd } = setup({ status: 404 });
    const error: unknown = await client.get('/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).key).toBe('not_found');
    expect((error as ApiError).status).toBe(404);
    expect(onRequestEnd).toHaveBeenCalledWith(true);
  });

  it('maps a network failure', async () => {
    const { client } = setup({ network: true });
    const error = (await client.get('/x/').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetwork).toBe(true);
  });

  it('sends a bearer token when given', async () => {
    const { client, requests } = setup();
    await client.get('/x/', { headers: bearer('tok') });
    await client.get('/y/', { headers: bearer(null) });
    expect(requests[0]!.headers.Authorization).toBe('Bearer tok');
    expect(requests[1]!.headers.Authorization).toBeUndefined();
  });
});
