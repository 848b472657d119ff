import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOneServerResponse, hydrated, importSurvey } from './support';

/**
 * The ranking's drag and drop (features/widgets/ranking/use-row-drag.ts) by mouse, by touch and by keyboard, each
 * from the moment the client has taken over, each checked by what the server holds.
 */

const ITEMS = ['Price', 'Quality', 'Service', 'Speed', 'Design', 'Support', 'Brand', 'Warranty'];

/**
 * Imports a one-page survey of one ranking of `itemCount` items (ids 1…, in ITEMS' order), opens it and waits for the
 * client to take over; returns its code.
 */
async function openRankingSurvey(page: Page, code: string, surveyId: number, itemCount = 3): Promise<string> {
  importSurvey({
    survey_code: code,
    survey_id: surveyId,
    title: 'Ranking',
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE' },
    languages: [{ code: 'en', is_original: true }],
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 11,
            subtype: 'other_ranking',
            title: 'Rank these',
            items: ITEMS.slice(0, itemCount).map((value, index) => ({ id: index + 1, value })),
          },
        ],
      },
    ],
  });
  await page.goto(`/en/survey/${code}`);
  await hydrated(page);
  return code;
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not laid out`);
  return { x: box.x + 20, y: box.y + box.height / 2 };
}

const rows = (page: Page) => page.getByRole('group', { name: 'Rank these' }).getByRole('listitem');
const handle = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Rank these' }).getByRole('button', { name: label, exact: true });

test('the ranking drags by mouse as soon as the page has taken over, and the server holds the order', async ({
  page,
}) => {
  const code = await openRankingSurvey(page, 'e2e-ranking-mouse', 97001);
  const from = await centreOf(handle(page, 'Service'));
  const to = await centreOf(handle(page, 'Price'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x, to.y - 10, { steps: 12 });
  await page.mouse.up();
  await expect(rows(page)).toHaveText([/Service/, /Price/, /Quality/]);
  await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['3', '1', '2']));
});

test('the ranking drags by keyboard: Space, the arrows, Space, the focus staying on the item', async ({ page }) => {
  const code = await openRankingSurvey(page, 'e2e-ranking-keyboard', 97102);
  await handle(page, 'Service').focus();
  await page.keyboard.press('Space');
  await expect(handle(page, 'Service')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText('Service moved to position 1 of 3');
  await page.keyboard.press('Space');
  await expect(rows(page)).toHaveText([/Service/, /Price/, /Quality/]);
  await expect(handle(page, 'Service')).toBeFocused();
  await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['3', '1', '2']));
});

test.describe('in a short window', () => {
  test.use({ viewport: { width: 390, height: 420 } });

  test('a row held at the window’s top edge scrolls the page up to the top of the list', async ({ page }) => {
    const code = await openRankingSurvey(page, 'e2e-ranking-edge', 97105, 8);
    await handle(page, 'Warranty').scrollIntoViewIfNeeded();
    await expect(handle(page, 'Price')).not.toBeInViewport();
    const from = await centreOf(handle(page, 'Warranty'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y - 10, { steps: 4 });
    await page.mouse.move(from.x, 4, { steps: 10 });
    // Held still: the page goes on scrolling under it.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.mouse.up();
    await expect(rows(page).first()).toContainText('Warranty');
    await expectOneServerResponse(code, (row) =>
      expect(row.content['11']).toEqual(['8', '1', '2', '3', '4', '5', '6', '7']),
    );
  });
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 600 }, hasTouch: true, isMobile: true });

  /** A finger, through the DevTools protocol: Playwright's touchscreen only taps. */
  async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove', point: { x: number; y: number }) {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x: point.x, y: point.y, id: 1 }] });
  }
  const lift = (cdp: CDPSession) => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

  test('a long press drags a row without scrolling the page, and the server holds the order', async ({ page }) => {
    const code = await openRankingSurvey(page, 'e2e-ranking-touch', 97103, 8);
    const cdp = await page.context().newCDPSession(page);
    // Up the list: the finger's way, had the page not been held, would scroll it down.
    const from = await centreOf(handle(page, 'Speed'));
    const to = await centreOf(handle(page, 'Quality'));
    await touch(cdp, 'touchStart', from);
    await page.waitForTimeout(400);
    for (let step = 1; step <= 10; step += 1) {
      await touch(cdp, 'touchMove', { x: from.x, y: from.y + ((to.y - 8 - from.y) * step) / 10 });
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await lift(cdp);
    await expect(rows(page).nth(1)).toContainText('Speed');
    await expectOneServerResponse(code, (row) =>
      expect(row.content['11']).toEqual(['1', '4', '2', '3', '5', '6', '7', '8']),
    );
  });

  test('a swipe over the list scrolls the page and moves no row', async ({ page }) => {
    await openRankingSurvey(page, 'e2e-ranking-swipe', 97104, 8);
    const cdp = await page.context().newCDPSession(page);
    const start = await centreOf(handle(page, 'Support'));
    await touch(cdp, 'touchStart', start);
    for (let step = 1; step <= 8; step += 1) {
      await touch(cdp, 'touchMove', { x: start.x, y: start.y - step * 25 });
    }
    await lift(cdp);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await page.waitForTimeout(400);
    await expect(rows(page)).toHaveText(ITEMS.map((item) => new RegExp(item)));
  });
});
