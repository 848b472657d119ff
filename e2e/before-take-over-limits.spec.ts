import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOneServerResponse, hydrated, importSurvey, serverUploads } from './support';

/**
 * Opens the survey with every script of the app held back until the returned function is called: the page is the
 * server's HTML and its inline script alone, as on a slow phone, until then.
 */
async function openWithScriptsHeld(page: Page, code: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    },
  );
  await page.goto(`/en/survey/${code}`, { waitUntil: 'domcontentloaded' });
  return release;
}

const lastPage = { id: 2, widgets: [{ id: 91, subtype: 'freetext_comment', title: 'Anything else?' }] };

/**
 * A two-page survey whose first page holds `widgets`, with no auto flow to move the focus while the test taps unless
 * `autoFlow` asks for it.
 */
function importEarlySurvey(
  code: string,
  surveyId: number,
  widgets: Record<string, unknown>[],
  { autoFlow = false } = {},
): void {
  importSurvey({
    survey_code: code,
    survey_id: surveyId,
    title: code,
    languages: [{ code: 'en', is_original: true }],
    config: { auto_question_flow_desktop: autoFlow },
    share_config: { end_type: 'PAGE', close_type: 'MSG' },
    pages: [{ id: 1, widgets }, lastPage],
  });
}

test.describe('before the client takes over', () => {
  test('a question’s max_selections refuses a tick beyond it, "other" included, as the client does', async ({
    page,
  }) => {
    const code = 'e2e-early-max-selections';
    importEarlySurvey(code, 98411, [
      {
        id: 11,
        subtype: 'multiple_checkbox',
        title: 'Drinks',
        items: [
          { id: 1, value: 'Tea' },
          { id: 2, value: 'Coffee' },
          { id: 3, value: 'Juice' },
        ],
        settings: { has_other: true, max_selections: 2 },
      },
    ]);
    const releaseScripts = await openWithScriptsHeld(page, code);
    const box = (name: string) => page.getByRole('checkbox', { name });
    await box('Tea').check();
    await box('Coffee').check();
    await box('Juice').click();
    await box('Other').click();
    await expect(box('Juice')).not.toBeChecked();
    await expect(box('Other')).not.toBeChecked();
    // A tick taken back frees its place.
    await box('Tea').uncheck();
    await box('Juice').check();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(box('Coffee')).toBeChecked();
    await expect(box('Juice')).toBeChecked();
    await expect(box('Tea')).toBeDisabled();
    await expect(box('Other')).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox', { name: 'Anything else?' })).toBeVisible();
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['2', '3']));
  });

  test('a checkbox matrix row’s max_selections refuses a tick beyond it, row by row', async ({ page }) => {
    const code = 'e2e-early-matrix-max';
    importEarlySurvey(code, 98414, [
      {
        id: 12,
        subtype: 'other_checkbox_matrix',
        title: 'When do you train?',
        items: [
          { id: 1, value: 'Monday' },
          { id: 2, value: 'Tuesday' },
        ],
        col_options: [
          { id: 7, value: 'Morning' },
          { id: 8, value: 'Evening' },
        ],
        settings: { max_selections: 1 },
      },
    ]);
    const releaseScripts = await openWithScriptsHeld(page, code);
    const box = (name: string) => page.getByRole('checkbox', { name });
    await box('Monday, Morning').check();
    await box('Monday, Evening').click();
    await box('Tuesday, Evening').check();
    await expect(box('Monday, Evening')).not.toBeChecked();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(box('Monday, Evening')).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox', { name: 'Anything else?' })).toBeVisible();
    await expectOneServerResponse(code, (row) => expect(row.content['12']).toEqual(['1:|:7', '2:|:8']));
  });

  test('a file dropped opens no tab, and one dropped on the question is taken once the client is there', async ({
    page,
  }) => {
    const code = 'e2e-early-file-drop';
    importEarlySurvey(code, 98412, [
      { id: 21, subtype: 'other_file_upload', title: 'Your CV', settings: { max_files: 2 } },
      { id: 22, subtype: 'freetext_input', title: 'Your name' },
    ]);
    const releaseScripts = await openWithScriptsHeld(page, code);
    // A drag from the desktop, as the browser reports it. Its drop, left to the browser, opens the file in the tab.
    const prevented = await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['My CV'], 'cv.txt', { type: 'text/plain' }));
      const drag = (target: Element) =>
        ['dragenter', 'dragover', 'drop'].map((type) => {
          const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer });
          target.dispatchEvent(event);
          return event.defaultPrevented;
        });
      const zone = Array.from(document.querySelectorAll('p')).find(
        (element) => element.textContent === 'Drag files here or choose them',
      );
      const title = Array.from(document.querySelectorAll('h1, h2')).find((element) =>
        element.textContent?.includes('Your name'),
      );
      return { zone: zone ? drag(zone) : null, elsewhere: title ? drag(title) : null };
    });
    expect(prevented).toEqual({ zone: [true, true, true], elsewhere: [true, true, true] });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(page.locator('#question-21 li')).toHaveCount(1);
    await expect(page.locator('#question-21 li')).toContainText('cv.txt');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox', { name: 'Anything else?' })).toBeVisible();
    await expect(() =>
      expect(serverUploads(code, 21).map((upload) => upload.original_name)).toEqual(['cv.txt']),
    ).toPass({ timeout: 20_000 });
    await expectOneServerResponse(code, (row) => expect(row.content['21']).toHaveLength(1));
  });

  test('a file chosen with the picker is taken once the client is there', async ({ page }) => {
    const code = 'e2e-early-file-pick';
    importEarlySurvey(code, 98413, [{ id: 21, subtype: 'other_file_upload', title: 'Your CV' }]);
    const releaseScripts = await openWithScriptsHeld(page, code);
    await page.locator('input[type=file][name="q21"]').setInputFiles({
      name: 'cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('My CV'),
    });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(page.locator('#question-21 li')).toHaveCount(1);
    await expect(page.locator('#question-21 li')).toContainText('cv.txt');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(() =>
      expect(serverUploads(code, 21).map((upload) => upload.original_name)).toEqual(['cv.txt']),
    ).toPass({ timeout: 20_000 });
  });

  test('an answer shows its "Next question" link at once, so the take-over moves nothing under it', async ({
    page,
  }) => {
    const code = 'e2e-early-next-question';
    importEarlySurvey(
      code,
      98415,
      [
        {
          id: 11,
          subtype: 'multiple_checkbox',
          title: 'Drinks',
          items: [
            { id: 1, value: 'Tea' },
            { id: 2, value: 'Coffee' },
          ],
        },
        { id: 12, subtype: 'freetext_input', title: 'Your name' },
        { id: 13, subtype: 'freetext_comment', title: 'Anything else?' },
      ],
      { autoFlow: true },
    );
    const releaseScripts = await openWithScriptsHeld(page, code);
    const nextQuestionOf = (id: number) => page.locator(`#question-${id}`).getByRole('link', { name: 'Next question' });
    await expect(nextQuestionOf(11)).toHaveCount(0);
    await expect(nextQuestionOf(12)).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Tea' }).check();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
    await expect(nextQuestionOf(11)).toBeVisible();
    await expect(nextQuestionOf(12)).toBeVisible();
    const comment = page.getByRole('textbox', { name: 'Anything else?' });
    const before = await comment.boundingBox();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(nextQuestionOf(11)).toBeVisible();
    await expect(nextQuestionOf(12)).toBeVisible();
    expect(await comment.boundingBox()).toEqual(before);
    // Taken back, the answer hides its link again, as the client does.
    await page.getByRole('checkbox', { name: 'Tea' }).uncheck();
    await expect(nextQuestionOf(11)).toHaveCount(0);
  });
});
