import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, hydrated, importSurvey } from './support';

/**
 * Every theme field on the rendered page, read back as computed styles: colours, opacity and the transparent
 * area, the background picture and a page's own, round, shadow and flat, the bold flags, question style, desktop
 * alignment, matrix_split on a desktop, star sizes, and font_family loaded at run time over the system stack;
 * screenshots of three themes at both widths in en and ar, each checked by axe (contrast included).
 */

const catalogue = JSON.parse(fs.readFileSync('server/demo/demo-all-widgets.json', 'utf8')) as {
  pages: Array<Record<string, unknown>>;
  config: Record<string, unknown>;
};

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const THEMED = 'theme-every-field';

test.beforeAll(() => {
  importSurvey({
    ...catalogue,
    survey_code: THEMED,
    survey_id: 9400,
    user_profile: { pack: 'PREMIUM' },
    pages: catalogue.pages.map((page, index) =>
      index === 1
        ? { ...page, background: { src: 'https://images.example/page-2.png', apply_all_pages: false } }
        : page,
    ),
    theme_obj: {
      colors: {
        background: '#102030',
        primary: '#7c2d12',
        primary_text: '#ffffff',
        question_color: '#1e1b4b',
        answer_color: '#3f3f46',
        survey_area: '#fefce8',
        title_color: '#14532d',
        notification: '#7c2d12',
      },
      opacity: { background: false, survey_area: false },
      transparent_area: false,
      background_image: 'https://images.example/theme.png',
      round: false,
      shadow: false,
      flat: true,
      custom_css: '',
      desktop_alignment: 'left',
      mobile_alignment: 'top',
      question_style: 'highlight',
      matrix_split: true,
      font_family: "'Open Sans', sans-serif",
      bold: { title: false, questions: false, answers: true, text_inside_buttons: true },
      device_types: ['desktop', 'mobile', 'tablet'],
      star_size: { desktop: 48, mobile: 28 },
    },
  });
});

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test('every theme field is applied to the rendered page', async ({ page }) => {
  const fontRequests: string[] = [];
  await page.route('https://images.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
  await page.route('https://picsum.photos/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route('https://fonts.googleapis.com/**', (route) => {
    fontRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/css', body: '/* no network here */' });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/survey/${THEMED}`);
  await hydrated(page);

  const root = '[data-survey-code]';
  expect(await style(page, root, 'background-color')).toBe('rgb(16, 32, 48)');
  expect(await style(page, root, 'background-image')).toContain('https://images.example/theme.png');
  expect(await style(page, 'main', 'background-color')).toBe('rgb(254, 252, 232)');
  expect(await style(page, 'main', 'border-radius')).toBe('0px');
  expect(await style(page, 'main', 'box-shadow')).toBe('none');
  // Desktop alignment left: the survey box starts at the left padding, in a right-to-left language too.
  expect((await page.locator('main').boundingBox())!.x).toBeLessThan(40);
  expect(await style(page, 'h1', 'color')).toBe('rgb(20, 83, 45)');
  expect(await style(page, 'h1', 'font-weight')).toBe('400');
  expect(await style(page, '#q101-title', 'color')).toBe('rgb(30, 27, 75)');
  expect(await style(page, '#q101-title', 'font-weight')).toBe('400');
  // Highlight style: a bar in the primary colour at the start of each question.
  expect(await style(page, '#question-101', 'border-inline-start-color')).toBe('rgb(124, 45, 18)');
  expect(await style(page, '#question-101', 'border-radius')).toBe('0px');
  expect(await style(page, '#question-105 label', 'color')).toBe('rgb(63, 63, 70)');
  expect(await style(page, '#question-105 label', 'font-weight')).toBe('600');
  expect(await style(page, '#survey-next', 'background-color')).toBe('rgb(124, 45, 18)');
  expect(await style(page, '#survey-next', 'font-weight')).toBe('700');
  // round false: the buttons are square like the cards.
  expect(await style(page, '#survey-next', 'border-radius')).toBe('0px');

  // font_family: loaded after the first paint, over the system stack.
  expect(await style(page, 'body main', 'font-family')).toMatch(/^"?Open Sans"?, sans-serif, /);
  await expect.poll(() => fontRequests.length).toBe(1);
  expect(fontRequests[0]).toContain('family=Open+Sans');

  // Page 2 has its own background picture; stars at the desktop size.
  await page.locator('#question-101 input[type=radio]').first().check();
  await page.locator('#survey-next').click();
  await expect(page.locator('#question-201')).toBeVisible();
  await expect(page.locator('div[style*="page-2.png"]')).toHaveCount(1);
  const star = (await page.locator('#question-201 label').first().boundingBox())!;
  expect(Math.round(star.width)).toBe(48);

  // matrix_split: one block per row on a desktop too.
  await page.locator('#survey-next').click();
  await expect(page.locator('#question-301')).toBeVisible();
  await expect(page.locator('div[style*="page-2.png"]')).toHaveCount(0);
  await expect(page.locator('#question-301 table')).toHaveCount(0);
  await expect(page.locator('#question-301 fieldset').first()).toBeVisible();
  // Left is the screen's left in a right-to-left language too: the owner names a side, not a reading direction.
  await page.goto(`/ar/survey/${THEMED}`);
  await hydrated(page);
  expect((await page.locator('main').boundingBox())!.x).toBeLessThan(40);
});

test('a transparent area is drawn at 20 % over the background, once: cards and tiles add no layer', async ({
  page,
}) => {
  const code = 'theme-transparent-area';
  importSurvey({
    ...catalogue,
    survey_code: code,
    survey_id: 9401,
    theme_obj: { colors: { survey_area: '#ffffff', background: '#000000' }, transparent_area: true },
  });
  await page.goto(`/en/survey/${code}`);
  await hydrated(page);
  expect(await style(page, 'main', 'background-color')).toMatch(
    /^(rgba\(255, 255, 255, 0\.2\)|color\(srgb 1 1 1 \/ 0\.2\))$/,
  );
  // The text colours are chosen for the area drawn once; a card or an option tile painting it again lightened what
  // lay under the light text below AA (34 contrast failures on a dark background before).
  await expectNoAxeViolations(page, 'a transparent area over black');
});

const DARK = 'theme-dark';
const THEMES = [
  { code: 'a11y-numbered-standard', name: 'default' },
  { code: THEMED, name: 'every-field' },
  { code: DARK, name: 'dark' },
  { code: 'theme-dark-light-buttons', name: 'dark-light-buttons' },
] as const;

test.describe('three themes, both widths, en and ar', () => {
  test.beforeAll(() => {
    importSurvey({
      ...catalogue,
      survey_code: DARK,
      survey_id: 9402,
      languages: [
        { code: 'es', is_original: true },
        { code: 'en', is_original: false },
      ],
      config: { ...catalogue.config, number_questions: true },
      theme_obj: {
        colors: {
          background: '#0b1120',
          survey_area: '#1f2937',
          primary: '#f59e0b',
          primary_text: '#111827',
          question_color: '#f9fafb',
          answer_color: '#d1d5db',
          title_color: '#fbbf24',
          notification: '#f59e0b',
        },
        question_style: 'modern',
        star_size: { desktop: 36, mobile: 30 },
      },
    });
    // A dark area whose primary carries white button text: the primary cannot be AA both under white text and on
    // the area, so it is drawn lighter where it is text or a line on the area (numbers, links, outlines).
    importSurvey({
      ...catalogue,
      survey_code: 'theme-dark-light-buttons',
      survey_id: 9404,
      config: { ...catalogue.config, number_questions: true, number_pages: true, progress_bar: true },
      theme_obj: {
        colors: {
          background: '#111111',
          survey_area: '#333333',
          primary: '#AA0078',
          primary_text: '#ffffff',
          question_color: '#eeeeee',
          answer_color: '#dddddd',
          title_color: '#ffffff',
          notification: '#AA0078',
        },
        question_style: 'standard',
      },
    });
    // The default theme with numbers on (also used by accessibility-matrix.spec.ts, imported here for a lone run).
    importSurvey({
      ...catalogue,
      survey_code: 'a11y-numbered-standard',
      survey_id: 9300,
      config: { ...catalogue.config, number_questions: true, number_pages: true },
      theme_obj: { question_style: 'standard', desktop_alignment: 'center', mobile_alignment: 'top' },
    });
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [1280, 390] as const) {
      test(`${lang} at ${width} px`, async ({ page }) => {
        await page.route('https://images.example/**', (route) =>
          route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
        );
        await page.route('https://picsum.photos/**', (route) => route.fulfill({ status: 404, body: '' }));
        await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 404, body: '' }));
        await page.setViewportSize({ width, height: 844 });
        for (const theme of THEMES) {
          await page.goto(`/${lang}/survey/${theme.code}`);
          await hydrated(page);
          await page.locator('#question-101 input[type=radio]').first().check();
          await page.screenshot({
            path: `test-results/screenshots/theme-${theme.name}-${lang}-${width}.png`,
            fullPage: true,
          });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // Readable in every theme, errors included.
          await page.locator('#survey-next').click();
          await page.locator('#survey-next').click();
          // No preload: axe would fetch the font's cross-origin stylesheet itself, which the page's CSP refuses.
          await expectNoAxeViolations(page, `${theme.name}, ${lang}, ${width} px`, { preload: false });
        }
      });
    }
  }
});

test('device_types: a survey for phones says so on a computer, and is answered on a phone', async ({
  page,
  browser,
}) => {
  const code = 'theme-phones-only';
  importSurvey({ ...catalogue, survey_code: code, survey_id: 9403, theme_obj: { device_types: ['mobile'] } });
  await page.goto(`/en/survey/${code}`);
  await expect(
    page.getByText('This survey cannot be answered on this kind of device. Please open the link on another device.'),
  ).toBeVisible();
  await expect(page.locator('#survey-form')).toHaveCount(0);

  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
    baseURL: test.info().project.use.baseURL,
  });
  const onPhone = await phone.newPage();
  await onPhone.goto(`/en/survey/${code}`);
  await expect(onPhone.locator('#question-101')).toBeVisible();
  await phone.close();
});
