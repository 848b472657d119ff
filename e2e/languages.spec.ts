import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support';

/** The survey's language selector (spec §2: several languages and PLUS) on demo-multilang (es, en, ar). */

async function localeCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'NEXT_LOCALE')?.value;
}

test('the language selector switches the survey, keeps the answers, and the choice sticks', async ({ page }) => {
  await page.goto('/en/survey/demo-multilang');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Once or twice' }).check();
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('survey-demo-multilang')))
    .toContain('"101":["2"]');

  // Spanish is the default language: its URL has no prefix, so the saved cookie must say `es` or the
  // proxy would send the respondent straight back to /en.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/survey\/demo-multilang$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encuesta de viajes');
  await expect(page.getByRole('radio', { name: 'Una o dos' })).toBeChecked();
  expect(await localeCookie(page)).toBe('es');

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('ar');
  await expect(page).toHaveURL(/\/ar\/survey\/demo-multilang$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await hydrated(page);
  await expect(page.getByRole('radio', { name: 'مرة أو مرتين' })).toBeChecked();
  expect(await localeCookie(page)).toBe('ar');

  // The saved choice wins over the browser's language on an unprefixed link (spec §4).
  await page.goto('/survey/demo-multilang');
  await expect(page).toHaveURL(/\/ar\/survey\/demo-multilang$/);
});
