import { chromium } from '@playwright/test';
const [url, out, width = '1280'] = process.argv.slice(2);
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
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, locale: 'en-US' });
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror:', e.message.slice(0, 300)));
const r = await page.goto(url);
console.log('status', r.status(), 'title', await page.title(), 'lang', await page.locator('html').getAttribute('lang'));
await page.waitForTimeout(1000);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
