import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, hydrated, importSurvey } from './support';

/**
 * axe (WCAG 2.1 A/AA, contrast included) with every option on: the catalogue survey with question numbers in the
 * spec's default colours, in each question style and alignment, at 1280 px and 390 px; and the screens around a
 * survey (gate, each closed reason, survey-message) in es, en and ar at both widths.
 */

const WIDTHS = [1280, 390] as const;

const catalogue = JSON.parse(fs.readFileSync('server/demo/demo-all-widgets.json', 'utf8')) as Record<string, unknown>;

const STYLES = [
  { style: 'standard', desktop: 'center', mobile: 'top' },
  { style: 'simple', desktop: 'left', mobile: 'center' },
  { style: 'highlight', desktop: 'right', mobile: 'bottom' },
  { style: 'modern', desktop: 'center', mobile: 'center' },
] as const;

const styleCode = (style: string) => `a11y-numbered-${style}`;

test.beforeAll(() => {
  STYLES.forEach(({ style, desktop, mobile }, index) => {
    importSurvey({
      ...catalogue,
      survey_code: styleCode(style),
      survey_id: 9300 + index,
      config: { ...(catalogue.config as object), number_questions: true, number_pages: true },
      // The spec's default colours: the pair that failed contrast with numbers on.
      theme_obj: { question_style: style, desktop_alignment: desktop, mobile_alignment: mobile },
    });
  });
});

test.beforeEach(async ({ page }) => {
  await page.route('https://picsum.photos/**', (route) => route.fulfill({ status: 404, body: '' }));
});

async function walk(page: Page, where: string) {
  await page.locator('#question-101 input[type=radio]').first().check();
  for (let pageNumber = 1; pageNumber <= 4; pageNumber += 1) {
    await expectNoAxeViolations(page, `${where}, page ${pageNumber}`);
    if (pageNumber === 4) break;
    const heading = page.locator('#survey-page-heading');
    const before = await heading.textContent();
    await page.locator('#survey-next').click();
    await expect(heading).not.toHaveText(before ?? '');
  }
}

for (const { style } of STYLES) {
  for (const width of WIDTHS) {
    test(`numbered questions in the ${style} style, ${width} px, en`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/en/survey/${styleCode(style)}`);
      await hydrated(page);
      await expect(page.locator('#question-101 h2')).toContainText('1.');
      await walk(page, `${style} ${width} px`);
    });
  }
}

test('numbered questions in Arabic read "1." and pass axe at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ar/survey/${styleCode('standard')}`);
  await hydrated(page);
  const number = page.locator('#question-101 h2 [dir=ltr]');
  await expect(number).toHaveText('1.');
  // The full stop is drawn to the right of the digit, as written.
  const [digit, stop] = await number.evaluate((element) => {
    const range = document.createRange();
    const text = element.firstChild!;
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const digitBox = range.getBoundingClientRect();
    range.setStart(text, 1);
    range.setEnd(text, 2);
    return [digitBox.x, range.getBoundingClientRect().x];
  });
  expect(stop).toBeGreaterThan(digit!);
  await walk(page, 'standard ar 390 px');
});

const SCREENS = [
  { name: 'password gate', path: '/survey/demo-password', ready: 'input[type=password]' },
  { name: 'closed by the author', path: '/survey/demo-closed-author', ready: '[data-testid=survey-message]' },
  { name: 'closed by date', path: '/survey/demo-closed-date', ready: '[data-testid=survey-message]' },
  { name: 'closed at its maximum', path: '/survey/demo-closed-max', ready: '[data-testid=survey-message]' },
  { name: 'survey-message of a survey', path: '/survey-message?type=closed&survey=demo-simple', ready: 'main' },
  { name: 'survey-message of an unknown type', path: '/survey-message?type=nonsense', ready: 'main' },
  { name: 'error screen', path: '/survey-message?type=unexpected_error', ready: 'main' },
] as const;

for (const lang of ['es', 'en', 'ar'] as const) {
  test.describe(lang, () => {
    // The default language has no URL prefix: the browser's language asks for it.
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    for (const width of WIDTHS) {
      test(`gate, closed reasons and survey-message in ${lang} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 844 });
        for (const screen of SCREENS) {
          await page.goto(`${lang === 'es' ? '' : `/${lang}`}${screen.path}`);
          await expect(page.locator(screen.ready).first()).toBeVisible();
          await expectNoAxeViolations(page, `${screen.name}, ${lang}, ${width} px`);
        }
      });
    }
  });
}

/** Answers the first option of every radio and checkbox question on the page, and `42` in every text field. */
async function answerPage(page: Page) {
  for (const question of await page.locator('section[data-widget-id]').all()) {
    const choice = question.locator('input[type=radio], input[type=checkbox]').first();
    // Auto question flow moves focus (and scrolls) to the next question after a radio is answered; a click aimed
    // while that scroll runs can land beside its target, so the check is tried again (it is idempotent).
    if ((await choice.count()) > 0) await expect(() => choice.check({ timeout: 2_000 })).toPass();
    const field = question.locator('input[type=text], textarea').first();
    if ((await field.count()) > 0) await field.fill('42');
  }
}

/** Walks a demo survey to its end, answering what each page requires. */
async function finish(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  for (let pages = 0; pages < 5 && (await page.locator('#survey-next').count()) > 0; pages += 1) {
    const heading = await page.locator('#survey-page-heading').textContent();
    await answerPage(page);
    await page.locator('#survey-next').click();
    // The next page, or the end.
    await expect(async () => {
      const ended = (await page.locator('#survey-form').count()) === 0;
      expect(ended || (await page.locator('#survey-page-heading').textContent()) !== heading).toBe(true);
    }).toPass();
  }
  await expect(page.locator('#survey-form')).toHaveCount(0);
}

for (const lang of ['es', 'en', 'ar'] as const) {
  test.describe(`end screens, ${lang}`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    const prefix = lang === 'es' ? '' : `/${lang}`;

    for (const width of WIDTHS) {
      test(`thank-you, quiz result, summary, home and not-found in ${lang} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 844 });
        await finish(page, `${prefix}/survey/demo-end-page`);
        await expectNoAxeViolations(page, `thank-you, ${lang}, ${width} px`);
        await finish(page, `${prefix}/survey/demo-quiz`);
        await expect(page.locator('[data-testid=survey-message]')).toBeVisible();
        await expectNoAxeViolations(page, `quiz result, ${lang}, ${width} px`);
        await finish(page, `${prefix}/survey/demo-end-resume`);
        await expect(page.getByTestId('answer-summary')).toBeVisible();
        await expectNoAxeViolations(page, `summary, ${lang}, ${width} px`);
        await page.goto(prefix || '/');
        await hydrated(page);
        await expectNoAxeViolations(page, `home, ${lang}, ${width} px`);
        await page.goto(`${prefix}/no-such-page-here`);
        await expectNoAxeViolations(page, `not-found, ${lang}, ${width} px`);
      });
    }
  });
}
