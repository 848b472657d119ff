import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeScan, delayScripts, hydrated } from './support';

/**
 * The accessibility navigation panel (spec §2) driven by the keyboard alone: reached within the first Tab stops,
 * opened by Enter and by its shortcut, closed by Escape with focus given back; pages with their status, search
 * that moves focus to a question, a completed page opened from the list, and the skip links.
 */

const panelButton = (page: Page) => page.getByRole('button', { name: 'Pages and keyboard help' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Pages and keyboard help' });

/** Presses Tab from the top of the document until `name`'s button has focus; returns the presses it took. */
async function tabsToPanel(page: Page): Promise<number> {
  await page.locator('body').focus();
  for (let presses = 1; presses <= 12; presses += 1) {
    await page.keyboard.press('Tab');
    if (await panelButton(page).evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error('the panel button is not within the first 12 Tab stops');
}

test.describe('accessibility navigation panel', () => {
  test('pressed before the client has taken over, it opens once the client has', async ({ page }) => {
    await delayScripts(page, 3000);
    await page.goto('/en/survey/demo-all-widgets', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await panelButton(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'pages-panel');
    await hydrated(page);
    await expect(dialog(page)).toBeVisible();
  });

  test('by keyboard alone: open, read the pages, search to a question, go back to a completed page, skip links', async ({
    page,
  }) => {
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);

    expect(await tabsToPanel(page)).toBeLessThanOrEqual(6);
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText('Page 1 of 3, 0% answered')).toBeVisible();
    const pages = dialog(page).getByRole('list').first();
    await expect(pages.getByRole('listitem')).toHaveText([
      /How you found us\s*Current page/,
      /Your opinion\s*Not reached yet/,
      /Your purchases\s*Not reached yet/,
    ]);
    await expect(pages.getByText('How you found us')).toHaveAttribute('aria-current', 'page');
    await expect(axeScan(page).include('dialog').analyze()).resolves.toMatchObject({ violations: [] });

    // Escape closes it and gives focus back.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(panelButton(page)).toBeFocused();

    // The shortcut opens it from anywhere; search moves focus to the question it finds (option labels count).
    await page.keyboard.press('Alt+Shift+N');
    await expect(dialog(page)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search pages, questions and options' }).focus();
    await page.keyboard.type('advert');
    await expect(dialog(page).getByRole('status')).toHaveText('1 result');
    await page.keyboard.press('Tab');
    const result = dialog(page).getByRole('button', { name: 'How did you find our shop?: An advert' });
    await expect(result).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('radio', { name: 'Social media' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'An advert' })).toBeChecked();

    // A question on a page not reached yet is listed, but cannot be opened.
    await page.keyboard.press('Alt+Shift+N');
    await page.getByRole('searchbox', { name: 'Search pages, questions and options' }).fill('bought');
    await expect(dialog(page).getByText('What did you buy today?')).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: /What did you buy today/ })).toHaveCount(0);
    // Escape gives focus back to where it was when the shortcut opened the panel.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('radio', { name: 'An advert' })).toBeFocused();

    // The skip link to the navigation buttons (the stop before the panel's button), then Next.
    const skipToButtons = page.getByRole('link', { name: 'Skip to the navigation buttons' });
    for (
      let presses = 0;
      presses < 8 && !(await skipToButtons.evaluate((link) => link === document.activeElement));
      presses += 1
    )
      await page.keyboard.press('Shift+Tab');
    await expect(skipToButtons).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your opinion' })).toBeVisible();

    // Page 1 is completed now, and opens from the panel.
    await page.keyboard.press('Alt+Shift+N');
    await expect(dialog(page).getByText('Page 2 of 3, 33% answered')).toBeVisible();
    await expect(dialog(page).getByRole('list').first().getByRole('listitem').first()).toHaveText(
      /How you found us\s*Completed/,
    );
    await dialog(page).getByRole('list').first().getByRole('button', { name: 'How you found us' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'How you found us' })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'An advert' })).toBeChecked();
  });

  test('a survey that hides its back button shows passed pages locked; the panel mirrors in Arabic', async ({
    page,
  }) => {
    await page.goto('/ar/survey/demo-multilang');
    await hydrated(page);
    await page.getByRole('radio', { name: 'ولا مرة' }).check();
    await page.locator('#survey-next').click();
    await expect(page.getByRole('heading', { name: 'وجهتك القادمة' })).toBeVisible();

    await page.keyboard.press('Alt+Shift+N');
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    const pages = panel.getByRole('list').first().getByRole('listitem');
    await expect(pages.nth(0)).toHaveAttribute('data-status', 'locked');
    await expect(pages.nth(0)).toContainText('رحلاتك');
    await expect(pages.nth(0).getByRole('button')).toHaveCount(0);
    // The page-locked marker.
    await expect(pages.nth(0).locator('svg')).toHaveCount(1);
    await expect(pages.nth(1)).toHaveAttribute('data-status', 'current');
    // Right to left: the title starts at the dialog's right edge.
    const box = await panel.boundingBox();
    const heading = await panel.getByRole('heading', { level: 2 }).boundingBox();
    expect(box && heading && box.x + box.width - (heading.x + heading.width)).toBeLessThan(40);
    await expect(axeScan(page).include('dialog').analyze()).resolves.toMatchObject({ violations: [] });
    await page.screenshot({ path: 'test-results/screenshots/a11y-nav-ar.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/a11y-nav-ar-390.png' });
  });

  test('in Arabic, the survey’s own Spanish text keeps its own direction in the panel', async ({ page }) => {
    await page.goto('/ar/survey/demo-logic');
    await hydrated(page);
    await page.keyboard.press('Alt+Shift+N');
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    // Its own direction (dir="auto"), so "¿Tienes mascota?" is not laid out right to left as "?Tienes mascota¿".
    const question = panel.getByRole('button', { name: '¿Tienes mascota?' });
    expect(await question.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    expect(await panel.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  });
});
