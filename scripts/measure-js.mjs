// Gzipped JavaScript a page needs before its first input: every <script src> of the server's HTML plus the
// chunks those scripts load while the page hydrates, measured in a real browser on a running server.
// Usage: node scripts/measure-js.mjs http://127.0.0.1:3000/en/survey/demo-all-widgets
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/survey/demo-simple';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
const scripts = new Map();
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  try {
    scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  } catch {
    // a redirect or an aborted load has no body
  }
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
await page.waitForLoadState('networkidle');
await browser.close();

const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
for (const [script, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(script).pathname}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  gzipped JavaScript in ${scripts.size} files until hydrated: ${url}`);
