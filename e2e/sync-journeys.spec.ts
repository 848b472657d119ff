import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  delayScripts,
  expectOneServerResponse,
  hydrated,
  importSurvey,
  serverResponses,
  serverUploads,
} from './support';

/**
 * Never lost, never doubled (issue 9): each journey injects a fault at the network boundary or between tabs and
 * devices, then asserts what the server's database holds at the end, answer by answer — never what a screen says.
 */

let nextSurveyId = 9600;

const SYNC_PAGES: Array<Record<string, unknown>> = [
  {
    id: 1,
    title: 'About you',
    widgets: [
      { id: 11, subtype: 'freetext_input', title: 'Your name', required: true },
      {
        id: 12,
        subtype: 'single_radio',
        title: 'Favourite colour',
        items: [
          { id: 1, value: 'Red' },
          { id: 2, value: 'Blue' },
        ],
        settings: { has_other: true },
      },
    ],
  },
  { id: 2, title: 'Thoughts', widgets: [{ id: 21, subtype: 'freetext_comment', title: 'Anything else?' }] },
  {
    id: 3,
    title: 'Files',
    widgets: [
      { id: 31, subtype: 'other_file_upload', title: 'Attach a file', settings: { max_files: 2, max_size_mb: 1 } },
      { id: 32, subtype: 'freetext_input', title: 'Last words' },
    ],
  },
];

/**
 * A fresh three-page PLUS survey per journey and attempt (end type PAGE, so finishing stays on this site), or one of
 * the `pages` given; the code names the attempt, so a retry never counts the responses of the attempt before it.
 * Returns the code.
 */
function importSyncSurvey(
  name: string,
  pages: Array<Record<string, unknown>> = SYNC_PAGES,
  logicList: Array<Record<string, unknown>> = [],
): string {
  const { retry, repeatEachIndex } = test.info();
  const code = `${name}-${retry}-${repeatEachIndex}`;
  importSurvey({
    survey_code: code,
    survey_id: (nextSurveyId += 1),
    title: 'Sync',
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    config: { auto_question_flow_desktop: false, auto_question_flow_mobile: false, hide_back_button: false },
    share_config: { end_type: 'PAGE', close_type: 'MSG', multiple_responses: true },
    pages,
    logic_list: logicList,
  });
  return code;
}

const surveyUrl = (code: string) => `/en/survey/${code}`;
const name = (page: Page) => page.getByRole('textbox', { name: 'Your name' });
const comment = (page: Page) => page.getByRole('textbox', { name: 'Anything else?' });
const lastWords = (page: Page) => page.getByRole('textbox', { name: 'Last words' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const finish = (page: Page) => page.getByRole('button', { name: 'Finish' });
const THANKS = 'Thank you for responding to our survey!';

/** A device of its own (a fresh browser context) opens the survey and creates its response. */
async function startOnADevice(browser: Browser, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/survey-response/'),
  );
  await page.goto(surveyUrl(code));
  await hydrated(page);
  const { code: responseCode } = (await (await created).json()) as { code: string };
  return { context, page, responseCode };
}

/** Another device opens the response by its code, as its resume link does. */
async function continueOnAnotherDevice(browser: Browser, code: string, responseCode: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${surveyUrl(code)}?response=${responseCode}`);
  await hydrated(page);
  return { context, page };
}

/** Lets the server do the work, then loses its answer on the way back: the browser never learns it. */
async function loseAcknowledgement(route: Route): Promise<void> {
  await route.fetch();
  await route.abort('connectionreset');
}

/** Answers pages 1 and 2 and arrives on page 3. */
async function answerToLastPage(page: Page, who = 'Ana'): Promise<void> {
  await name(page).fill(who);
  await page.getByRole('radio', { name: 'Blue' }).check();
  await next(page).click();
  await comment(page).fill(`Thoughts of ${who}`);
  await next(page).click();
  await expect(lastWords(page)).toBeVisible();
}

test.describe('never lost, never doubled', () => {
  test('a Next pressed before the client took over is carried out, and no answer ever lands in the URL', async ({
    page,
  }) => {
    const code = importSyncSurvey('e2e-sync-early');
    await delayScripts(page, 3000);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await page.goto(surveyUrl(code), { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await name(page).fill('Early Ana');
    await next(page).click();
    // Held back, and shown pending, until the client takes over; never a native submission.
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'next');
    await hydrated(page);
    // Still pending once the client has taken over, until it has carried the press out: the page checks' code,
    // asked for at the take-over, takes three seconds more to arrive.
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'next');
    await expect(next(page)).toHaveAccessibleName(/^Next Please wait/);
    await expect(comment(page)).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-pending-action', /./);
    expect(urls.every((url) => !url.includes('Ana') && !url.includes('q11'))).toBe(true);
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['Early Ana']));
  });

  test('"other" chosen before the client took over shows its text field then, and what is typed there is stored', async ({
    page,
  }) => {
    const code = importSyncSurvey('e2e-sync-early-other');
    await delayScripts(page, 3000);
    await page.goto(surveyUrl(code), { waitUntil: 'domcontentloaded' });
    await page.getByRole('radio', { name: 'Other' }).check();
    const otherText = page.getByRole('textbox', { name: 'Other' });
    await expect(otherText).toBeVisible();
    await otherText.fill('Teal');
    await name(page).fill('Early Ana');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await hydrated(page);
    await expect(otherText).toHaveValue('Teal');
    await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();
    await next(page).click();
    await expect(comment(page)).toBeVisible();
    await expectOneServerResponse(code, (row) => {
      expect(row.content['11']).toEqual(['Early Ana']);
      expect(row.content['12']).toEqual(['others:|:Teal']);
    });
  });

  test('an answer given before the tab could write survives a reload then (the first second after a phone’s take-over)', async ({
    page,
  }) => {
    const code = importSyncSurvey('e2e-sync-unsaved-reload');
    // The code asked for after the take-over (the writer lock's among it: every chunk the page's HTML does not name)
    // arrives four seconds late, as on a phone.
    const html = await (await page.request.get(surveyUrl(code))).text();
    const firstLoad = new Set(html.match(/\/_next\/static\/chunks\/[^"'\\\s]+?\.js/g) ?? []);
    await page.route('**/_next/static/chunks/**', async (route) => {
      if (!firstLoad.has(new URL(route.request().url()).pathname))
        await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => undefined);
    });
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await page.getByRole('radio', { name: 'Blue' }).check();
    await name(page).fill('Ana');
    // Not on the device yet: this tab does not hold the writer lock.
    expect(await page.evaluate((survey) => localStorage.getItem(`survey-${survey}`), code)).toBeNull();
    await page.unroute('**/_next/static/chunks/**');
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await expect(name(page)).toHaveValue('Ana');
    await expectOneServerResponse(code, (row) => expect(row.content).toMatchObject({ '11': ['Ana'], '12': ['2'] }));
  });

  test('a reload before the take-over shows the same order: the seed is kept as the page is parsed', async ({
    page,
  }) => {
    const code = `e2e-sync-seed-${test.info().retry}`;
    importSurvey({
      survey_code: code,
      survey_id: (nextSurveyId += 1),
      user_profile: { pack: 'PLUS' },
      languages: [{ code: 'en', is_original: true }],
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 11,
              subtype: 'single_radio',
              title: 'Pick one',
              items: Array.from({ length: 8 }, (_, index) => ({ id: index + 1, value: `Option ${index + 1}` })),
              settings: { randomize: true },
            },
          ],
        },
      ],
    });
    await delayScripts(page, 3000);
    const order = () =>
      page.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.getAttribute('value')));
    await page.goto(surveyUrl(code), { waitUntil: 'domcontentloaded' });
    const first = await order();
    expect(first).toHaveLength(8);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    expect(await order()).toEqual(first);
    await hydrated(page);
    expect(await order()).toEqual(first);
  });

  test('a Next that waits for the page checks’ code shows pending until the next page is there', async ({ page }) => {
    const code = importSyncSurvey('e2e-sync-pending-next');
    // The page checks' code, asked for as the client takes over, arrives two seconds after it is asked for.
    await page.route('**/_next/static/chunks/**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('Call loadPatternEngine() before')) await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response, body });
    });
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await name(page).fill('Ana');
    await next(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'next');
    await expect(next(page)).toHaveAccessibleName(/^Next Please wait/);
    await expect(comment(page)).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-pending-action', /./);
    await expect(next(page)).toHaveAccessibleName('Next');
  });

  test('a create whose acknowledgement is lost makes one response, which gets every answer', async ({ page }) => {
    const code = importSyncSurvey('e2e-sync-lost-create');
    let lost = false;
    await page.route(`**/api/v1/survey-response/${code}/`, async (route) => {
      if (route.request().method() === 'POST' && !lost) {
        lost = true;
        await loseAcknowledgement(route);
      } else await route.continue();
    });
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await answerToLastPage(page);
    await lastWords(page).fill('done');
    await finish(page).click();
    await expect(page.getByText(THANKS)).toBeVisible();
    expect(lost).toBe(true);
    await expectOneServerResponse(code, (row) => {
      expect(row.completed).toBe(1);
      expect(row.content).toMatchObject({ '11': ['Ana'], '12': ['2'], '21': ['Thoughts of Ana'], '32': ['done'] });
    });
  });

  test('a save whose acknowledgement is lost leaves nothing missing', async ({ page }) => {
    const code = importSyncSurvey('e2e-sync-lost-patch');
    await page.goto(surveyUrl(code));
    await hydrated(page);
    let lost = 0;
    await page.route('**/api/v1/survey-response/*/', async (route) => {
      if (route.request().method() === 'PATCH' && lost < 2) {
        lost += 1;
        await loseAcknowledgement(route);
      } else await route.continue();
    });
    await answerToLastPage(page);
    await lastWords(page).fill('kept');
    await expect.poll(() => serverResponses(code)[0]?.content['32']).toEqual(['kept']);
    expect(lost).toBeGreaterThanOrEqual(1);
    await finish(page).click();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expectOneServerResponse(code, (row) => {
      expect(row.completed).toBe(1);
      expect(row.content).toMatchObject({ '11': ['Ana'], '12': ['2'], '21': ['Thoughts of Ana'], '32': ['kept'] });
    });
  });

  test('a storm of 503s is ridden out: the finish waits, then everything arrives once', async ({ page }) => {
    const code = importSyncSurvey('e2e-sync-storm');
    let storm = true;
    let refused = 0;
    await page.route('**/api/v1/survey-response/**', async (route) => {
      if (storm && route.request().method() !== 'GET') {
        refused += 1;
        await route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, body: '{"detail":"busy"}' });
      } else await route.continue();
    });
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await answerToLastPage(page);
    await lastWords(page).fill('through the storm');
    await finish(page).click();
    await expect(page.getByText('Sending your answers…')).toBeVisible();
    await expect.poll(() => refused).toBeGreaterThan(2);
    expect(serverResponses(code)).toHaveLength(0);
    storm = false;
    await expect(page.getByText(THANKS)).toBeVisible({ timeout: 30_000 });
    await expectOneServerResponse(code, (row) => {
      expect(row.completed).toBe(1);
      expect(row.content).toMatchObject({ '11': ['Ana'], '21': ['Thoughts of Ana'], '32': ['through the storm'] });
    });
  });

  test('a finish given offline, then a reload before it is sent, stores that response finished and starts the next on page 1', async ({
    page,
    context,
  }) => {
    const code = importSyncSurvey('e2e-sync-offline-finish-reload');
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await answerToLastPage(page);
    await lastWords(page).fill('sent later');
    await expect.poll(() => serverResponses(code)[0]?.content['32']).toEqual(['sent later']);
    await context.setOffline(true);
    await finish(page).click();
    await expect(
      page.getByText('Your answers are saved on this device and will be sent as soon as you are back online.'),
    ).toBeVisible();
    // Online again, but the finish is held back until after the reload, and the next response's create until
    // something is typed on the page the reload restores.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let releaseCreate = () => {};
    const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve));
    await page.route('**/api/v1/survey-response/**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      if (route.request().method() === 'POST') await createHeld;
      await route.continue();
    });
    await context.setOffline(false);
    await page.reload();
    await hydrated(page);
    await lastWords(page).fill('typed while it opened');
    releaseCreate();
    // A survey that takes several responses starts the next one where a new visit does: on page 1, empty.
    await expect(name(page)).toBeVisible();
    await expect(name(page)).toHaveValue('');
    await expect(lastWords(page)).toHaveCount(0);
    // Nothing to restore at the next visit's first paint: it shows the server's first page, answerable at once.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(`enc-restore-${code}`);
    release();
    await expect
      .poll(() => serverResponses(code).map((row) => [row.completed, row.content]))
      .toEqual([
        [1, { '11': ['Ana'], '12': ['2'], '21': ['Thoughts of Ana'], '32': ['sent later'] }],
        [0, {}],
      ]);
    // The new response is answered on from its first page.
    await name(page).fill('Bea');
    await page.getByRole('radio', { name: 'Red' }).check();
    await next(page).click();
    await expect(comment(page)).toBeVisible();
    await expect.poll(() => serverResponses(code)[1]?.content).toEqual({ '11': ['Bea'], '12': ['1'] });
  });

  test('continued on a second device while the server is ahead in seq, every new answer still arrives', async ({
    browser,
  }) => {
    const code = importSyncSurvey('e2e-sync-second-device');
    const { context: first, page: phone, responseCode } = await startOnADevice(browser, code);
    // Many saves on the first device: the server's seq runs ahead of a new device's counter.
    for (const who of ['A', 'An', 'Ana', 'Ana B', 'Ana Be']) {
      await name(phone).fill(who);
      await expect.poll(() => serverResponses(code)[0]?.content['11']).toEqual([who]);
    }
    expect(serverResponses(code)[0]?.seq).toBeGreaterThanOrEqual(5);
    await first.close();

    const { context: second, page: laptop } = await continueOnAnotherDevice(browser, code, responseCode);
    await expect(name(laptop)).toHaveValue('Ana Be');
    await laptop.getByRole('radio', { name: 'Red' }).check();
    await next(laptop).click();
    await comment(laptop).fill('from the laptop');
    // Before finishing: the server already holds what the second device answered.
    await expect
      .poll(() => serverResponses(code)[0]?.content, { timeout: 20_000 })
      .toMatchObject({ '11': ['Ana Be'], '12': ['1'], '21': ['from the laptop'] });
    await second.close();
    expect(serverResponses(code)).toHaveLength(1);
  });

  test('the first device, reloaded after a second one continued, keeps the second’s answers and adds its own', async ({
    browser,
  }) => {
    const code = importSyncSurvey('e2e-sync-back-to-first');
    const { context: first, page: laptop, responseCode } = await startOnADevice(browser, code);
    await name(laptop).fill('Ana');
    await expect.poll(() => serverResponses(code)[0]?.content['11']).toEqual(['Ana']);

    // The resume link, on a phone: it answers more.
    const { context: second, page: phone } = await continueOnAnotherDevice(browser, code, responseCode);
    await name(phone).fill('Ana Belén');
    await phone.getByRole('radio', { name: 'Blue' }).check();
    await next(phone).click();
    await comment(phone).fill('from the phone');
    await expect
      .poll(() => serverResponses(code)[0]?.content, { timeout: 20_000 })
      .toMatchObject({ '11': ['Ana Belén'], '12': ['2'], '21': ['from the phone'] });
    await second.close();

    // Back on the laptop, whose copy is older: a reload shows the phone's answers and writes none of its old ones.
    await laptop.reload();
    await hydrated(laptop);
    await expect(name(laptop)).toHaveValue('Ana Belén');
    await expect(laptop.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await next(laptop).click();
    await expect(comment(laptop)).toHaveValue('from the phone');
    await comment(laptop).fill('and from the laptop');
    await expect
      .poll(() => serverResponses(code)[0]?.content, { timeout: 20_000 })
      .toMatchObject({ '11': ['Ana Belén'], '12': ['2'], '21': ['and from the laptop'] });
    await first.close();
    expect(serverResponses(code)).toHaveLength(1);
  });

  test('the first device, left open while a second one continued, saves its next answer without undoing the second’s', async ({
    browser,
  }) => {
    const code = importSyncSurvey('e2e-sync-left-open');
    const { context: first, page: laptop, responseCode } = await startOnADevice(browser, code);
    await name(laptop).fill('Ana');
    await expect.poll(() => serverResponses(code)[0]?.content['11']).toEqual(['Ana']);

    const { context: second, page: phone } = await continueOnAnotherDevice(browser, code, responseCode);
    await phone.getByRole('radio', { name: 'Blue' }).check();
    await next(phone).click();
    await comment(phone).fill('from the phone');
    await expect
      .poll(() => serverResponses(code)[0]?.content, { timeout: 20_000 })
      .toMatchObject({ '12': ['2'], '21': ['from the phone'] });
    await second.close();

    // The laptop's page never reloaded: its next answer is refused as behind, rebased on the server's, sent again.
    await name(laptop).fill('Ana Belén');
    await expect
      .poll(() => serverResponses(code)[0]?.content, { timeout: 20_000 })
      .toMatchObject({ '11': ['Ana Belén'], '12': ['2'], '21': ['from the phone'] });
    await expect(laptop.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await first.close();
    expect(serverResponses(code)).toHaveLength(1);
  });

  for (const firstDevice of ['reloaded', 'left open'] as const) {
    test(`the first device, ${firstDevice} on a page a second one’s answer now hides, moves on and sends nothing from it`, async ({
      browser,
    }) => {
      // Page 3 is for those whose favourite colour is blue; page 4 follows it.
      const code = importSyncSurvey(
        `e2e-sync-page-now-hidden-${firstDevice.replace(' ', '-')}`,
        [
          SYNC_PAGES[0] as Record<string, unknown>,
          SYNC_PAGES[1] as Record<string, unknown>,
          { id: 3, title: 'Blue', widgets: [{ id: 31, subtype: 'freetext_input', title: 'Why blue?' }] },
          { id: 4, title: 'The end', widgets: [{ id: 41, subtype: 'freetext_input', title: 'Last words' }] },
        ],
        [
          {
            id: 1,
            page_id: 1,
            conditions: [{ source: 'question', reference: '12', operator: 'equals', operator_value: '1' }],
            action: { type: 'hide_page', resource: '3' },
          },
        ],
      );
      const whyBlue = (page: Page) => page.getByRole('textbox', { name: 'Why blue?' });
      const { context: first, page: laptop, responseCode } = await startOnADevice(browser, code);
      await name(laptop).fill('Ana');
      await laptop.getByRole('radio', { name: 'Blue' }).check();
      await next(laptop).click();
      await comment(laptop).fill('Thoughts of Ana');
      await next(laptop).click();
      await whyBlue(laptop).fill('the sea');
      await expect.poll(() => serverResponses(code)[0]?.content['31']).toEqual(['the sea']);

      // The resume link, on a phone: red now, which hides the page the laptop stands on.
      const { context: second, page: phone } = await continueOnAnotherDevice(browser, code, responseCode);
      await phone.getByRole('radio', { name: 'Red' }).check();
      await expect.poll(() => serverResponses(code)[0]?.content['12']).toEqual(['1']);
      await second.close();

      if (firstDevice === 'reloaded') {
        await laptop.reload();
        await hydrated(laptop);
      } else {
        // Its next save is refused as behind, and rebased on the phone's answers.
        await whyBlue(laptop).fill('the sea, still');
      }
      await expect(lastWords(laptop)).toBeVisible({ timeout: 20_000 });
      await expect(whyBlue(laptop)).toHaveCount(0);
      await lastWords(laptop).fill('from the laptop');
      await finish(laptop).click();
      await expect(laptop.getByText(THANKS)).toBeVisible();
      await first.close();
      await expectOneServerResponse(code, (stored) => {
        expect(stored.completed).toBe(1);
        expect(stored.content).toEqual({
          '11': ['Ana'],
          '12': ['1'],
          '21': ['Thoughts of Ana'],
          '41': ['from the laptop'],
        });
      });
    });
  }

  test('two tabs of one response never drop an answer in silence', async ({ context }) => {
    const code = importSyncSurvey('e2e-sync-two-tabs');
    const tabB = await context.newPage();
    await tabB.goto(surveyUrl(code));
    await hydrated(tabB);
    await expect(name(tabB)).toBeVisible();

    // Opened later, tab A says the survey is open elsewhere instead of writing over it.
    const tabA = await context.newPage();
    await tabA.goto(surveyUrl(code));
    await hydrated(tabA);
    await expect(tabA.getByText('This survey is open in another tab or window.', { exact: false })).toBeVisible();
    await tabA.getByRole('button', { name: 'Continue here' }).click();
    await expect(tabB.getByText('You continued this survey in another tab or window.', { exact: false })).toBeVisible();
    await name(tabA).fill('Typed in A');
    await expect.poll(() => serverResponses(code)[0]?.content['11']).toEqual(['Typed in A']);

    // Back to tab B: it picks up what tab A wrote before changing anything.
    await tabB.getByRole('button', { name: 'Continue here' }).click();
    await expect(name(tabB)).toHaveValue('Typed in A');
    await tabB.getByRole('radio', { name: 'Red' }).check();
    await expectOneServerResponse(code, (row) =>
      expect(row.content).toMatchObject({ '11': ['Typed in A'], '12': ['1'] }),
    );
    await expect(tabA.getByText('You continued this survey in another tab or window.', { exact: false })).toBeVisible();
  });

  test('a file picked offline survives a reload and is stored on reconnect', async ({ page, context }) => {
    const code = importSyncSurvey('e2e-sync-offline-file');
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await answerToLastPage(page);
    await expect.poll(() => serverResponses(code)[0]?.content['21']).toEqual(['Thoughts of Ana']);

    await context.setOffline(true);
    // The network stays unreachable for uploads across the reload below.
    await page.route('**/api/v1/upload/file/', (route) => route.abort('internetdisconnected'));
    await page.locator('input[type=file][name="q31"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('picked while offline'),
    });
    await expect(page.getByText('notes.txt', { exact: false }).first()).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    await hydrated(page);
    await expect(lastWords(page)).toBeVisible();
    await expect(page.getByText('notes.txt', { exact: false }).first()).toBeVisible();
    await page.unroute('**/api/v1/upload/file/');
    await context.setOffline(true);
    await context.setOffline(false);

    await expectOneServerResponse(code, (row) => {
      const files = row.content['31'] ?? [];
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[A-Za-z0-9]{22}$/);
    });
    const uploadId = serverResponses(code)[0]?.content['31']?.[0];
    const download = await page.request.get(`/api/v1/upload/file/${uploadId}/`, {
      headers: { Authorization: `Bearer ${await responseToken(page, code)}` },
    });
    expect(await download.text()).toBe('picked while offline');
  });

  test('a file picked while the response is being created survives a reload and is stored once', async ({ page }) => {
    // The file question on the first page, so it is there while the response is still being created.
    const code = importSyncSurvey('e2e-sync-creating-file', [
      {
        id: 1,
        title: 'Files',
        widgets: [
          { id: 31, subtype: 'other_file_upload', title: 'Attach a file', settings: { max_files: 2, max_size_mb: 1 } },
        ],
      },
    ]);
    // Every create waits until released: the first page's, then the one the reloaded page replays.
    const heldCreates: Route[] = [];
    let releaseCreates = () => {};
    const released = new Promise<void>((resolve) => {
      releaseCreates = resolve;
    });
    await page.route(`**/api/v1/survey-response/${code}/`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      heldCreates.push(route);
      await released;
      // The first page's create went with that page: its request may be gone.
      await route.continue().catch(() => undefined);
    });

    await page.goto(surveyUrl(code));
    await hydrated(page);
    await expect.poll(() => heldCreates.length).toBe(1);
    await page.locator('input[type=file][name="q31"]').setInputFiles({
      name: 'kept.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('picked while the response was being created'),
    });
    // Kept on this device: the answer holds the file's local reference once its bytes wait in IndexedDB.
    const storedAnswers = () => page.evaluate((key) => localStorage.getItem(key) ?? '', `survey-${code}`);
    await expect.poll(storedAnswers).toContain('local-upload:');
    await page.reload();
    await hydrated(page);
    await expect.poll(() => heldCreates.length).toBe(2);
    releaseCreates();

    await expectOneServerResponse(code, (row) => {
      const files = row.content['31'] ?? [];
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[A-Za-z0-9]{22}$/);
    });
    const fileId = serverResponses(code)[0]?.content['31']?.[0];
    expect(serverUploads(code, 31)).toEqual([
      { id: fileId, original_name: 'kept.txt', size: 'picked while the response was being created'.length },
    ]);
  });

  test('a reload on page 3 never shows an empty page 1: it says it is restoring, then shows page 3', async ({
    page,
  }) => {
    const code = importSyncSurvey('e2e-sync-reload');
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await answerToLastPage(page);
    await lastWords(page).fill('still here');
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `survey-${code}`))
      .toContain('still here');

    await delayScripts(page, 2000);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Restoring your answers…')).toBeVisible();
    await expect(name(page)).toHaveCount(0);
    await hydrated(page);
    await expect(lastWords(page)).toHaveValue('still here');
    await expect(name(page)).toHaveCount(0);
  });

  test('every refused or undeliverable write is visible: a refused save, and a browser that keeps nothing', async ({
    page,
    context,
  }) => {
    const code = importSyncSurvey('e2e-sync-refused');
    await page.route('**/api/v1/survey-response/*/', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"detail":"refused"}' })
        : route.continue(),
    );
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await name(page).fill('Refused');
    await expect(
      page.getByText('Your latest answers could not be saved on the server.', { exact: false }),
    ).toBeVisible();

    // IndexedDB refused (a private mode, a full disk): what waits would not survive a reload, and the page says so.
    const other = await context.newPage();
    await other.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
    });
    const noIdbCode = importSyncSurvey('e2e-sync-no-idb');
    await other.goto(surveyUrl(noIdbCode));
    await hydrated(other);
    await expect(other.getByText('Your browser does not allow saving here', { exact: false })).toBeVisible();
    await name(other).fill('Still sent');
    await expectOneServerResponse(noIdbCode, (row) => expect(row.content['11']).toEqual(['Still sent']));
  });

  test('the last answer before the tab closes still reaches the server (keepalive on pagehide)', async ({
    context,
  }) => {
    const code = importSyncSurvey('e2e-sync-close-tab');
    const page = await context.newPage();
    await page.goto(surveyUrl(code));
    await hydrated(page);
    await name(page).fill('Before');
    await expect.poll(() => serverResponses(code)[0]?.content['11']).toEqual(['Before']);
    // Typed, and the tab closed at once: well inside the quiet period after which a save is queued.
    await name(page).fill('Last words before closing');
    await page.close({ runBeforeUnload: true });
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['Last words before closing']));
  });
});

/** The write token the page keeps for its response (to download the file it uploaded). */
async function responseToken(page: Page, surveyCode: string): Promise<string> {
  return page.evaluate((code) => localStorage.getItem(`survey-${code}-response-token`) ?? '', surveyCode);
}

test.describe('the saving line', () => {
  test('is there before the first save, so “Saving…” never moves the page under a finger', async ({ page }) => {
    // Seen in CI: the line appeared above the questions as a Next was tapped, and the tap hit the page instead.
    const code = importSyncSurvey('saving-line');
    await page.goto(surveyUrl(code));
    await hydrated(page);
    const next = page.getByRole('button', { name: 'Next' });
    const before = await next.boundingBox();
    await name(page).fill('Ana');
    await expect(page.getByTestId('survey-status')).toContainText('All answers saved');
    expect((await next.boundingBox())?.y).toBe(before?.y);
  });
});
