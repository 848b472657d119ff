import { expect, test } from './fixtures';
import { localeTable } from '../lib/i18n/locales';

test.describe('proxy: underscores and languages', () => {
  test('a survey path with underscores moves permanently to hyphens, keeping the query', async ({ request }) => {
    const response = await request.get('/survey_message?x=1', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/survey-message?x=1');
    const prefixed = await request.get('/en/survey_resume', { maxRedirects: 0 });
    expect(prefixed.status()).toBe(301);
    expect(prefixed.headers()['location']).toBe('/en/survey-resume');
  });

  test("the API's underscored calls move too, and the moved read answers the survey", async ({ request }) => {
    const moved = await request.get('/api/v1/read_survey/demo-simple/', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/api/v1/read-survey/demo-simple/');
    const followed = await request.get('/api/v1/read_survey/demo-simple/');
    expect(followed.status()).toBe(200);
    expect((await followed.json()) as { pages: unknown[] }).toHaveProperty('pages');
    const unknown = await request.get('/api/v1/no-such-call/', { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found' });
  });

  for (const [acceptLanguage, target] of [
    ['fr', '/fr'],
    ['pt-BR', '/pt'],
    ['ja', '/jp'],
    ['ca-ES-valencia', '/val'],
  ] as const) {
    test(`Accept-Language ${acceptLanguage} on / redirects to ${target} and saves the choice`, async ({ request }) => {
      const response = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': acceptLanguage } });
      expect(response.status()).toBe(307);
      expect(response.headers()['location']).toBe(target);
      const cookie = response.headers()['set-cookie'] ?? '';
      expect(cookie).toMatch(/NEXT_LOCALE=/);
      expect(cookie).toContain('Max-Age=31536000');
      expect(cookie).toContain('Path=/');
      expect(cookie.toLowerCase()).toContain('samesite=lax');
    });
  }

  test('the saved language wins over the browser on the next visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'it', url: page.url() }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/it$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await context.close();
  });

  test('Spanish is served without a prefix, and /es is folded into it', async ({ request }) => {
    const home = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'es-ES' } });
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain('lang="es"');
    const prefixed = await request.get('/es/survey', { maxRedirects: 0 });
    expect(prefixed.status()).toBe(307);
    expect(prefixed.headers()['location']).toBe('/survey');
  });
});

test.describe('html lang and direction', () => {
  for (const entry of localeTable) {
    test(`${entry.code} → lang="${entry.locale}" dir="${entry.dir}"`, async ({ request }) => {
      const path = entry.locale === 'es' ? '/' : `/${entry.code}`;
      const response = await request.get(path, { maxRedirects: 0, headers: { 'Accept-Language': 'es' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${entry.locale}" dir="${entry.dir}"`);
    });
  }
});

test.describe('not found', () => {
  test('/en/does-not-exist answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/en/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
    await expect(page.locator('main img')).toBeVisible();
    await expect(page).toHaveTitle('404 Not Found');
    await page.getByRole('link', { name: 'Go back to home' }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('the not-found page is whole in the server HTML, before any script runs and without JavaScript', async ({
    browser,
    request,
  }) => {
    for (const path of [
      '/en/does-not-exist',
      '/en/survey/no-such-survey',
      '/en/survey/abc/slug/extra',
      '/en/report.pdf',
      // Unprefixed, in the browser's language; before, Next's blank document under the files' sandbox CSP.
      '/report.pdf',
      '/survey_message.html',
    ]) {
      const response = await request.get(path, { headers: { 'Accept-Language': 'en' } });
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-security-policy'], path).toContain('nonce-');
      const html = await response.text();
      expect(html, path).toContain('<html lang="en" dir="ltr">');
      expect(html, path).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html, path).toContain('<title>404 Not Found</title>');
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto('/ar/survey/no-such-survey'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('main img')).toBeVisible();
    await context.close();
  });

  test('unknown routes answer 404 in every language', async ({ request }) => {
    for (const entry of localeTable) {
      const prefix = entry.locale === 'es' ? '' : `/${entry.code}`;
      const response = await request.get(`${prefix}/no/such/page`, {
        maxRedirects: 0,
        headers: { 'Accept-Language': 'es' },
      });
      expect(response.status(), `${prefix}/no/such/page`).toBe(404);
    }
  });

  test('a survey route whose id fails validation is a 404', async ({ request }) => {
    const response = await request.get('/en/survey/bad%20id', { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    const deep = await request.get('/en/survey/abc/slug/extra', { maxRedirects: 0 });
    expect(deep.status()).toBe(404);
  });

  test('the routes of spec §2 exist in every form', async ({ playwright, baseURL }) => {
    for (const path of [
      '/en',
      '/en/survey',
      '/en/survey-message',
      '/en/survey-resume',
      '/survey',
      '/jp/survey-message',
    ]) {
      // A fresh cookie jar per path: a language cookie saved by an earlier answer would rightly redirect (spec §4).
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.get(path, { maxRedirects: 0, headers: { 'Accept-Language': 'es' } });
      expect(response.status(), path).toBe(200);
      await request.dispose();
    }
  });
});

test.describe('home', () => {
  test('opens a survey by its code without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/en');
    await page.getByLabel('Survey code').fill('demo-simple');
    await page.getByRole('button', { name: 'Open survey' }).click();
    await expect(page).toHaveURL(/\/en\/survey\/demo-simple$/);
    await context.close();
  });

  test("says in the page's language what is wrong with the code, with or without JavaScript", async ({ browser }) => {
    for (const javaScriptEnabled of [false, true]) {
      // An English browser on the French page: the browser's own message would be English.
      const context = await browser.newContext({ javaScriptEnabled, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/fr');
      const code = page.getByLabel("Code de l'enquête");
      await page.getByRole('button', { name: "Ouvrir l'enquête" }).click();
      await expect(page).toHaveURL(/\/fr\/survey\?code=$/);
      await expect(code).toHaveAccessibleDescription("Saisissez un code d'enquête.");
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toBeFocused();
      await code.fill('a b');
      await code.press('Enter');
      await expect(code).toHaveAccessibleDescription(/lettres, des chiffres/);
      await expect(code).toHaveValue('a b');
      await context.close();
    }
  });

  test('marks the document hydrated once the client has taken over', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });

  test('lists the demo surveys of the embedded backend', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Demo surveys' })).toBeVisible();
    await expect(page.getByRole('link', { name: /demo-simple/ })).toBeVisible();
  });
});

test.describe('shell', () => {
  test('a failed script chunk reloads the page once, never in a loop', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const chunkError = () =>
      page.evaluate(() => {
        const error = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
        window.dispatchEvent(new ErrorEvent('error', { error }));
      });
    const reloaded = page.waitForEvent('load');
    await chunkError();
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await chunkError();
    await page.waitForTimeout(1500);
    expect(reloads).toBe(0);
  });

  test('shows the progress bar during a slow navigation', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.route('**/en/survey/demo-simple**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('link', { name: /demo-simple/ }).click();
    await expect(page.locator('#nprogress .bar')).toBeAttached();
    await expect(page).toHaveURL(/\/en\/survey\/demo-simple$/);
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 5000 });
  });
});

test('a message page is titled with the app’s name once', async ({ request }) => {
  const html = await (await request.get('/en/survey-message?type=closed')).text();
  expect(html).toContain('<title>Surveys</title>');
});
