import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeScan, expectNoAxeViolations, hydrated, importSurvey } from './support';

/**
 * WCAG 2.1 A/AA by axe on every page of the catalogue survey in the default language (es), English and a
 * right-to-left language (ar), plus the home and not-found pages; and screenshots of the first two survey pages at
 * desktop and phone widths, kept in test-results/screenshots for a human to look at.
 */

const LOCALES = [
  { lang: 'es', prefix: '' },
  { lang: 'en', prefix: '/en' },
  { lang: 'ar', prefix: '/ar' },
] as const;

/** A small PNG (a two-colour gradient), so the demo's remote pictures render without the network. */
function pngBytes(width = 320, height = 220): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = 40 + Math.round((x / width) * 120);
      row[2 + x * 3] = 110 + Math.round((y / height) * 80);
      row[3 + x * 3] = 150;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PICTURE = pngBytes();

test.beforeEach(async ({ page }) => {
  await page.route('https://picsum.photos/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PICTURE }),
  );
});

async function goToNextPage(page: Page) {
  const heading = page.locator('#survey-page-heading');
  const before = await heading.textContent();
  await page.locator('#survey-next').click();
  await expect(heading).not.toHaveText(before ?? '');
}

/**
 * Every image settled before a full-page screenshot: a lazy image below the fold is asked for now (it would never
 * load otherwise), and one that fails counts as settled (waiting for its load event would wait forever).
 */
async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((image) => {
        image.loading = 'eager';
        if (image.complete) return null;
        return new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        });
      }),
    );
  });
}

test.describe('axe: WCAG 2.1 AA', () => {
  for (const locale of LOCALES) {
    test.describe(locale.lang, () => {
      // The default language has no URL prefix: the browser's language must ask for it (spec §4 language choice).
      test.use({ locale: locale.lang === 'es' ? 'es-ES' : 'en-US' });

      test(`every page of demo-all-widgets in ${locale.lang}, and its end screen`, async ({ page }) => {
        await page.goto(`${locale.prefix}/survey/demo-all-widgets`);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute(
          'lang',
          locale.lang === 'ar' ? /^ar/ : new RegExp(`^${locale.lang}`),
        );
        if (locale.lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await page.locator('#question-101 input[type=radio]').first().check();
        for (let pageNumber = 1; pageNumber <= 4; pageNumber += 1) {
          await imagesLoaded(page);
          await expectNoAxeViolations(page, `${locale.lang} page ${pageNumber}`);
          if (pageNumber < 4) await goToNextPage(page);
        }
        // Finish: the end screen.
        await page.locator('#survey-next').click();
        await expect(page.locator('#survey-page-heading')).toHaveCount(0);
        await expectNoAxeViolations(page, `${locale.lang} end screen`);
      });

      test(`a page with a validation error in ${locale.lang}`, async ({ page }) => {
        await page.goto(`${locale.prefix}/survey/demo-all-widgets`);
        await hydrated(page);
        await page.locator('#survey-next').click();
        await expect(page.locator('#q101-error')).toBeVisible();
        await expectNoAxeViolations(page, `${locale.lang} page 1 with an error`);
      });

      test(`home and not-found pages in ${locale.lang}`, async ({ page }) => {
        await page.goto(locale.prefix || '/');
        await hydrated(page);
        await expectNoAxeViolations(page, `${locale.lang} home`);
        const response = await page.goto(`${locale.prefix}/no-such-page-here`);
        expect(response?.status()).toBe(404);
        await expectNoAxeViolations(page, `${locale.lang} not-found`);
      });
    });
  }
});

test.describe('axe: a survey in the default theme', () => {
  test.use({ locale: 'en-US' });

  // demo-simple keeps the spec's colours: the primary carries white button text and draws the Back button.
  test('demo-simple: a page, a page with an error, and the thank-you screen', async ({ page }) => {
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    await expectNoAxeViolations(page, 'demo-simple page 1');
    // Every text is inside a landmark (axe's best-practice "region"): the powered-by mark is the page's contentinfo.
    expect((await axeScan(page).withRules(['region']).analyze()).violations).toEqual([]);
    await expect(page.getByRole('contentinfo')).toHaveText('Powered by Encuesta');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This question is mandatory')).toBeVisible();
    await expectNoAxeViolations(page, 'demo-simple page 1 with an error');
    await page.getByRole('radio', { name: 'Social media' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /What did you like most/ }).fill('Everything');
    await expectNoAxeViolations(page, 'demo-simple page 2');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Bakery' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    await expectNoAxeViolations(page, 'demo-simple thank-you screen');
  });
});

test.describe('screenshots', () => {
  for (const lang of ['en', 'ar'] as const) {
    for (const width of [1280, 390]) {
      test(`demo-all-widgets pages 1 and 2, ${lang}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 960 ? 800 : 844 });
        await page.goto(`/${lang}/survey/demo-all-widgets`);
        await hydrated(page);
        await page.locator('#question-101 input[type=radio]').first().check();
        await imagesLoaded(page);
        await page.screenshot({ path: `test-results/screenshots/${lang}-${width}-page1.png`, fullPage: true });
        await goToNextPage(page);
        await imagesLoaded(page);
        await page.screenshot({ path: `test-results/screenshots/${lang}-${width}-page2.png`, fullPage: true });
        // Nothing may stick out sideways at either width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  }
});

test('a free-text matrix marks only the cells whose values are wrong', async ({ page }) => {
  importSurvey({
    survey_code: 'e2e-text-matrix-cells',
    survey_id: 9650,
    title: 'Spending',
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE' },
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 1,
            subtype: 'freetext_matrix',
            title: 'How much a month?',
            items: [
              { id: 1, value: 'Food' },
              { id: 2, value: 'Transport' },
            ],
            col_options: [
              { id: 1, value: 'You' },
              { id: 2, value: 'Your family' },
            ],
            validation: { type: 'number', min_value: 0, max_value: 10000 },
          },
        ],
      },
    ],
  });
  await page.goto('/en/survey/e2e-text-matrix-cells');
  await hydrated(page);
  const cell = (row: number, col: number) => page.locator(`input[name="q1_${row}_${col}"]`);
  await cell(1, 1).fill('20000');
  await cell(2, 2).fill('40');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('The number must be between 0 and 10000')).toBeVisible();
  await expect(cell(1, 1)).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(1, 1)).toHaveAccessibleDescription('The number must be between 0 and 10000');
  for (const [row, col] of [
    [1, 2],
    [2, 1],
    [2, 2],
  ] as const)
    await expect(cell(row, col)).toHaveAttribute('aria-invalid', 'false');
  await cell(1, 1).fill('200');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
});
