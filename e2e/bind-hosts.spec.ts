import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The language proxy must work whatever address the server is bound to: next-intl's own middleware loops
 * (307 forever on / and /jp) behind `next start -H 127.0.0.1`. The main suite runs on 127.0.0.1; this starts
 * the same build on the other usual hosts and follows every redirect by hand.
 */
const hosts = [
  { bind: 'localhost', url: 'http://localhost:3201' },
  { bind: '0.0.0.0', url: 'http://127.0.0.1:3202' },
];

async function waitUntilUp(url: string) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const response = await fetch(`${url}/api/demo-surveys/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not start`);
}

/** Follows redirects manually and fails on a loop. */
async function settle(url: string, init: RequestInit): Promise<{ status: number; hops: string[] }> {
  const hops: string[] = [];
  let current = url;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    if (response.status < 300 || response.status >= 400) return { status: response.status, hops };
    current = new URL(response.headers.get('location') ?? '/', current).toString();
    hops.push(current);
  }
  throw new Error(`redirect loop: ${hops.join(' → ')}`);
}

test.describe.configure({ mode: 'serial' });

for (const { bind, url } of hosts) {
  test(`the proxy settles on ${bind}`, async () => {
    const port = new URL(url).port;
    const server: ChildProcess = spawn(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-H', bind, '-p', port],
      { env: { ...process.env, DATA_DIR: `data/e2e-${port}`, PORT: port }, stdio: 'ignore' },
    );
    try {
      await waitUntilUp(url);
      expect((await settle(`${url}/`, { headers: { 'Accept-Language': 'es' } })).status).toBe(200);
      expect((await settle(`${url}/jp`, { headers: { 'Accept-Language': 'es' } })).status).toBe(200);
      const french = await settle(`${url}/`, { headers: { 'Accept-Language': 'fr' } });
      expect(french).toEqual({ status: 200, hops: [`${url}/fr`] });
      const valencian = await settle(`${url}/survey-message`, { headers: { 'Accept-Language': 'ca-ES-valencia' } });
      expect(valencian.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
  });
}
