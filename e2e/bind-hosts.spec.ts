import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures';

/**
 * The language proxy must work whatever address the server is bound to: next-intl's own middleware loops
 * (307 forever on / and /jp) behind `next start -H 127.0.0.1`. The main suite runs on 127.0.0.1; this starts
 * the same build on the other usual hosts, as a user would (`-H`, `-p`, no PORT variable), follows every
 * redirect by hand, and opens a survey, whose page the server renders from its own API.
 */
const hosts = [
  { bind: 'localhost', url: 'http://localhost:3201' },
  { bind: '0.0.0.0', url: 'http://127.0.0.1:3202' },
  { bind: '::1', url: 'http://[::1]:3203' },
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

function withoutPort(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { PORT: _port, ...rest } = env;
  return rest;
}

test.describe.configure({ mode: 'serial' });

for (const { bind, url } of hosts) {
  test(`the proxy settles on ${bind}`, async () => {
    const port = new URL(url).port;
    const server: ChildProcess = spawn(process.execPath, ['scripts/server.mjs', '-H', bind, '-p', port], {
      env: { ...withoutPort(process.env), DATA_DIR: `data/e2e-${port}` },
      stdio: 'ignore',
    });
    try {
      await waitUntilUp(url);
      expect((await settle(`${url}/`, { headers: { 'Accept-Language': 'es' } })).status).toBe(200);
      expect((await settle(`${url}/jp`, { headers: { 'Accept-Language': 'es' } })).status).toBe(200);
      const french = await settle(`${url}/`, { headers: { 'Accept-Language': 'fr' } });
      expect(french).toEqual({ status: 200, hops: [`${url}/fr`] });
      const valencian = await settle(`${url}/survey-message`, { headers: { 'Accept-Language': 'ca-ES-valencia' } });
      expect(valencian.status).toBe(200);
      const survey = await fetch(`${url}/en/survey/demo-simple`);
      expect(survey.status).toBe(200);
      const rendered = (await survey.text()).includes('Your experience at the shop');
      expect(rendered, `the survey page on ${bind} renders from the server's own API`).toBe(true);
    } finally {
      server.kill('SIGTERM');
    }
  });
}
