import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnvCache } from '@/lib/env';
import { getApiBaseUrl, getServerSideApiBaseUrl } from './api-base-url';

const saved = { ...process.env };

function withEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetServerEnvCache();
}

afterEach(() => {
  process.env = { ...saved };
  resetServerEnvCache();
});

describe('getServerSideApiBaseUrl', () => {
  it('uses the configured API when there is one', async () => {
    withEnv({ API_BASE_URL: 'https://api.example.com/api/', __NEXT_PRIVATE_ORIGIN: 'http://[::1]:4000' });
    expect(await getServerSideApiBaseUrl()).toBe('https://api.example.com/api');
  });

  it('reaches the embedded backend on the IP address Next listens on (an IPv6-only bind too)', async () => {
    withEnv({ API_BASE_URL: undefined, PORT: '4000', __NEXT_PRIVATE_ORIGIN: 'http://[::1]:4000' });
    expect(await getServerSideApiBaseUrl()).toBe('http://[::1]:4000/api');
    withEnv({ __NEXT_PRIVATE_ORIGIN: 'http://10.1.2.3:4000' });
    expect(await getServerSideApiBaseUrl()).toBe('http://10.1.2.3:4000/api');
  });

  it('falls back to IPv4 loopback on the port for a host name or no recorded address', async () => {
    withEnv({ API_BASE_URL: undefined, PORT: '4000', __NEXT_PRIVATE_ORIGIN: 'http://localhost:4000' });
    expect(await getServerSideApiBaseUrl()).toBe('http://127.0.0.1:4000/api');
    withEnv({ __NEXT_PRIVATE_ORIGIN: undefined });
    expect(await getServerSideApiBaseUrl()).toBe('http://127.0.0.1:4000/api');
  });
});

describe('getApiBaseUrl', () => {
  it('hands the browser the configured API, else /api on its own origin: never a host from a request header', () => {
    withEnv({ API_BASE_URL: 'https://api.example.com/api/' });
    expect(getApiBaseUrl()).toBe('https://api.example.com/api');
    withEnv({ API_BASE_URL: undefined });
    expect(getApiBaseUrl()).toBe('/api');
  });
});
