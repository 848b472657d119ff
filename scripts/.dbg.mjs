import { chromium } from '@playwright/test';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ locale: 'en-US' });
const page = await context.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 400)));
page.on('pageerror', (e) => console.log('pageerror:', e.message.slice(0, 400)));
page.on('requestfailed', (r) => console.log('failed:', r.url()));
page.on('request', (r) => {
  if (r.url().includes('_next')) console.log('req:', r.url().slice(-60));
});
await page.goto('http://127.0.0.1:3100/en/survey/demo-simple');
await page.waitForSelector('html[data-hydrated]');
await page.waitForTimeout(3000);
console.log('--- offline');
await context.setOffline(true);
await page.getByRole('radio', { name: 'I walked past it' }).check();
await page.getByRole('button', { name: 'Next' }).click();
await page.waitForTimeout(2000);
await page.screenshot({ path: '/tmp/dbg.png' });
await browser.close();
