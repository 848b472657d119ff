import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
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

test('the language selector lets a keyboard look through the languages, and goes on Enter (WCAG 3.2.2)', async ({
  page,
}) => {
  await page.goto('/en/survey/demo-multilang');
  await hydrated(page);
  const selector = page.getByRole('combobox', { name: 'Language' });
  await selector.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(selector).toHaveValue('ar');
  await expect(selector).toBeFocused();
  expect(new URL(page.url()).pathname).toBe('/en/survey/demo-multilang');
  // Each language is named, and read, in its own.
  await expect(selector.locator('option[value="ar"]')).toHaveAttribute('lang', 'ar');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ar\/survey\/demo-multilang$/);
});

test('Spanish survey text under the Arabic interface keeps its own direction', async ({ page }) => {
  // demo-all-widgets has no Arabic texts: its questions show in Spanish inside a right-to-left page.
  await page.goto('/ar/survey/demo-all-widgets');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const title = '¿En qué país vives?';
  await expect(page.getByText(title)).toBeVisible();
  const [opening, closing] = await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.textContent?.includes(wanted)) node = walker.nextNode();
    if (!node?.textContent) return [Number.NaN, Number.NaN];
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    const start = node.textContent.indexOf(wanted);
    return [at(start), at(start + wanted.length - 1)];
  }, title);
  // Read left to right: '¿' is drawn before '?', not mirrored to the far end of the line.
  expect(opening).toBeLessThan(closing);
});

test('survey text in another language than the page’s says so (lang), the interface’s words do not', async ({
  page,
}) => {
  // demo-all-widgets has Spanish and English texts: under French they show in Spanish, the original.
  await page.goto('/fr/survey/demo-all-widgets');
  await hydrated(page);
  const langOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.closest('[lang]')?.getAttribute('lang'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await langOf('h1')).toBe('es');
  expect(
    await page.getByText('¿En qué país vives?').evaluate((element) => element.closest('[lang]')?.getAttribute('lang')),
  ).toBe('es');
  const firstQuestion = page.locator('section[id^="question-"]').first();
  expect(
    await firstQuestion
      .locator('label span:not(:empty)')
      .first()
      .evaluate((element) => element.closest('[lang]')?.getAttribute('lang')),
  ).toBe('es');
  // The interface: buttons, and the required mark read to a screen reader.
  expect(await langOf('#survey-next')).toBe('fr');
  expect(await langOf('section .visually-hidden')).toBe('fr');
  // And it takes the direction of its own script (an Arabic survey under a left-to-right page, and the reverse).
  await expect(page.locator('h1 > span')).toHaveAttribute('dir', 'auto');
  await expect(firstQuestion.locator('h2 [lang]')).toHaveAttribute('dir', 'auto');

  // In the survey's own language nothing is marked but the language selector's names: the page's lang says it all.
  await page.goto('/en/survey/demo-all-widgets');
  await hydrated(page);
  await expect(page.locator('main [lang]:not(option)')).toHaveCount(0);
});
