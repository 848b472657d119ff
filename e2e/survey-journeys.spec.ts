import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  delayScripts,
  expectStoredResponse,
  hydrated,
  importSurvey,
  keptResponse,
  serverResponses,
  waitForCreatedResponse,
  type CreatedResponse,
} from './support';

test.describe('answering a survey', () => {
  test('a respondent completes a survey and the backend holds exactly the answers', async ({ page, request }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Someone recommended it' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Your opinion' })).toBeVisible();
    await page.getByRole('textbox', { name: /What did you like most/ }).fill('The bread <b>really</b>');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Bakery' }).check();
    await page.getByRole('checkbox', { name: 'Fruit and vegetables' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    // The end screen takes the focus the Finish button left, so that the reading starts at the thanks.
    await expect(page.getByTestId('survey-message')).toBeFocused();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content['101']).toEqual(['2']);
      expect(stored.content['201']).toEqual(['The bread <b>really</b>']);
      expect([...(stored.content['301'] ?? [])].sort()).toEqual(['1', '2']);
    });
    const storage = await page.evaluate(() => ({ ...window.localStorage }));
    expect(storage['survey-demo-simple-response-code']).toBeUndefined();
    expect(storage['survey-demo-simple']).toBeUndefined();
    expect(Number(storage['survey-demo-simple-last-time-used'])).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  test('an answer given on the server-rendered page before the JavaScript arrives is kept', async ({
    page,
    request,
  }) => {
    // Every script is held back: the page is the server's HTML alone, as on a slow phone.
    let releaseScripts: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld;
        await route.continue();
      },
    );
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-simple', { waitUntil: 'domcontentloaded' });
    await page.getByRole('radio', { name: 'Social media' }).check();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    releaseScripts();
    await hydrated(page);
    await expect(page.getByRole('radio', { name: 'Social media' })).toBeChecked();
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('survey-demo-simple')))
      .toContain('"101":["1"]');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Your opinion' })).toBeVisible();
    await expectStoredResponse(request, await created, (stored) => expect(stored.content['101']).toEqual(['1']));
  });

  test('answers given before the JavaScript arrives survive a reload before it does, and reach the server once', async ({
    page,
  }) => {
    const code = 'e2e-early-reload';
    importSurvey({
      survey_code: code,
      survey_id: 9760,
      title: 'Early reload',
      languages: [{ code: 'en', is_original: true }],
      config: { auto_question_flow_desktop: false },
      share_config: { end_type: 'PAGE', close_type: 'MSG' },
      pages: [
        {
          id: 1,
          widgets: [
            { id: 11, subtype: 'freetext_input', title: 'Your name' },
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
            {
              id: 13,
              subtype: 'multiple_checkbox',
              title: 'Pets',
              items: [
                { id: 1, value: 'Cat' },
                { id: 2, value: 'Dog' },
              ],
            },
          ],
        },
        { id: 2, widgets: [{ id: 21, subtype: 'freetext_comment', title: 'Anything else?' }] },
      ],
    });
    // Every script is held back, across the reload too: a slow phone whose scripts failed, or a respondent who
    // reloaded a page that did not answer yet.
    let releaseScripts: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld;
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto(`/en/survey/${code}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('textbox', { name: 'Your name' }).fill('Early Ana');
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('textbox', { name: 'Other' }).fill('Teal');
    await page.getByRole('checkbox', { name: 'Dog' }).check();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    // Put back by the page's inline script, before any bundle.
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Early Ana');
    await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Other' })).toHaveValue('Teal');
    await expect(page.getByRole('checkbox', { name: 'Dog' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Cat' })).not.toBeChecked();
    releaseScripts();
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Early Ana');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('textbox', { name: 'Anything else?' })).toBeVisible();
    await expect(() => {
      const rows = serverResponses(code);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.content).toMatchObject({ '11': ['Early Ana'], '12': ['others:|:Teal'], '13': ['2'] });
    }).toPass({ timeout: 20_000 });
    // Taken over: a reload now restores from the response, and nothing kept from before the take-over remains.
    expect(
      await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('survey-early'))),
    ).toEqual([]);
  });

  test('a required question blocks Next with the spec message and moves focus to it', async ({ page }) => {
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This question is mandatory')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Social media' })).toBeFocused();
    await page.getByRole('radio', { name: 'Social media' }).check();
    await expect(page.getByText('This question is mandatory')).toHaveCount(0);
  });

  test('a reload mid-way continues on the same page with every answer', async ({ page, request }) => {
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    await page.getByRole('radio', { name: 'An advert' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /What did you like most/ }).fill('Kept across reloads');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('survey-demo-simple')))
      .toContain('Kept across reloads');
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: /What did you like most/ })).toHaveValue('Kept across reloads');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: 'An advert' })).toBeChecked();
    await expectStoredResponse(request, await keptResponse(page, 'demo-simple'), (stored) => {
      expect(stored.content['101']).toEqual(['4']);
      expect(stored.content['201']).toEqual(['Kept across reloads']);
    });
  });

  test('offline for three pages: the respondent finishes, and on reconnect the backend has one complete response', async ({
    page,
    context,
    request,
  }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    const response = await created;
    await context.setOffline(true);
    await page.getByRole('radio', { name: 'I walked past it' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/You are offline/)).toBeVisible();
    await page.getByRole('textbox', { name: /What did you like most/ }).fill('Answered offline');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Nothing this time' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText(/saved on this device and will be sent/)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
    await expectStoredResponse(request, response, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({ '101': ['3'], '201': ['Answered offline'], '301': ['4'] });
    });
  });

  test('two 503 answers to a save lose nothing', async ({ page, request }) => {
    let failures = 0;
    await page.route('**/api/v1/survey-response/*/', async (route) => {
      if (route.request().method() === 'PATCH' && failures < 2) {
        failures += 1;
        await route.fulfill({ status: 503, body: 'busy' });
        return;
      }
      await route.continue();
    });
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-simple');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Social media' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /What did you like most/ }).fill('Survived two 503s');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Bakery' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
    expect(failures).toBe(2);
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({ '101': ['1'], '201': ['Survived two 503s'], '301': ['2'] });
    });
  });
});

test.describe('closed surveys', () => {
  for (const [code, message] of [
    ['demo-closed-author', 'This survey is closed. For more information please contact the survey author.'],
    ['demo-closed-max', 'This survey has reached its maximum number of responses.'],
    ['demo-closed-date', 'This survey ended on its closing date.'],
  ] as const) {
    test(`${code} shows its own message`, async ({ page }) => {
      await page.goto(`/en/survey/${code}`);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    });
  }
});

test.describe('password gate', () => {
  // Every journey reaches the server from 127.0.0.1, one client for the password limit (a forged X-Forwarded-For
  // no longer makes another, e2e/security.spec.ts): each journey counts its tries on a survey of its own.
  function importGatedCopy(name: string): string {
    const demo = JSON.parse(readFileSync('server/demo/demo-password.json', 'utf8')) as Record<string, unknown>;
    const code = `${name}-${test.info().retry}-${test.info().repeatEachIndex}`;
    importSurvey({ ...demo, survey_code: code });
    return `/en/survey/${code}`;
  }

  test('empty, wrong, then right password', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(importGatedCopy('e2e-gate-flow'));
    await hydrated(page);
    expect(await page.content()).not.toContain('What do you think of these statements');
    await page.getByRole('button', { name: 'Access' }).click();
    await expect(page.getByText('Password field is required')).toBeVisible();
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Access' }).click();
    await expect(page.getByText('Access denied (password is incorrect)')).toBeVisible();
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Access' }).click();
    await expect(page.getByText('What do you think of these statements?')).toBeVisible();
    // The survey replaces the gate: the reading starts at its page's heading, not at the top of the document.
    await expect(page.locator('#survey-page-heading')).toBeFocused();
    await page.reload();
    await expect(page.getByText('What do you think of these statements?')).toBeVisible();
    await context.close();
  });

  test('a password sent before the client took over is checked once it has, and never lands in the URL', async ({
    page,
  }) => {
    const url = importGatedCopy('e2e-gate-early');
    await delayScripts(page, 3000);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await page.getByLabel('Password').fill('demo');
    await page.getByLabel('Password').press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'access');
    await hydrated(page);
    await expect(page.getByText('What do you think of these statements?')).toBeVisible();
    expect(urls.every((visited) => !visited.includes('password') && !visited.includes('demo?'))).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    // Submitted again once, not twice: one response on the server.
    const code = url.split('/').pop() ?? '';
    await expect.poll(() => serverResponses(code).length).toBe(1);
  });

  test('without JavaScript the gate posts, so the password stays out of the URL, and the page says why it waits', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const url = importGatedCopy('e2e-gate-nojs');
    await page.goto(url);
    // Playwright's switch turns scripts off but not the parser's scripting flag, so it never shows a <noscript>: the
    // markup is checked instead.
    expect(await page.content()).toMatch(
      /<noscript><p[^>]*>This survey needs JavaScript to save your answers\. Turn JavaScript on in your browser, then reload this page\.<\/p><\/noscript>/,
    );
    await page.getByLabel('Password').fill('demo');
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.isNavigationRequest()),
      page.getByLabel('Password').press('Enter'),
    ]);
    expect(sent.method()).toBe('POST');
    await page.waitForLoadState();
    expect(page.url()).not.toContain('demo?');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  test('the sixth wrong password within a minute gets the rate message', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(importGatedCopy('e2e-gate-limit'));
    await hydrated(page);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Access' }).click();
      await expect(page.getByText('Access denied (password is incorrect)')).toBeVisible();
    }
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Access' }).click();
    await expect(
      page.getByText('You have reached the limit of maximum requests, please try in a few seconds.'),
    ).toBeVisible();
    await context.close();
  });
});

test.describe('endings', () => {
  async function answerMuseum(page: Page) {
    await hydrated(page);
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByRole('textbox', { name: /Which room/ }).fill('Modern art');
    await page.getByRole('button', { name: 'Finish' }).click();
  }

  test('end type PAGE shows the thank-you screen', async ({ page }) => {
    await page.goto('/en/survey/demo-end-page');
    await answerMuseum(page);
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
  });

  test('end type URL redirects only after the server confirmed the finish', async ({ page, request }) => {
    await page.route('https://www.example.com/**', (route) => route.fulfill({ status: 200, body: 'external site' }));
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-end-url');
    await answerMuseum(page);
    await expect(page).toHaveURL(/^https:\/\/www\.example\.com\/gracias/);
    await expectStoredResponse(request, await created, (stored) => expect(stored.completed).toBe(true));
  });

  test('a finish before the response exists waits for it: redirected only once the server holds every answer', async ({
    page,
    request,
  }) => {
    await page.route('https://www.example.com/**', (route) => route.fulfill({ status: 200, body: 'external site' }));
    // The create is held back (a slow network) until the respondent has already pressed Finish.
    let releaseCreate: () => void = () => undefined;
    const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve));
    let created: CreatedResponse | null = null;
    await page.route('**/api/v1/survey-response/*/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await createHeld;
      // Read here: the page navigates away before a body could be read from the outside.
      const response = await route.fetch();
      created = (await response.json()) as CreatedResponse;
      await route.fulfill({ response });
    });
    await page.goto('/en/survey/demo-end-url');
    await answerMuseum(page);
    await expect(page.getByText('Sending your answers…')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/survey\/demo-end-url$/);
    releaseCreate();
    await expect(page).toHaveURL(/^https:\/\/www\.example\.com\/gracias/);
    expect(created).not.toBeNull();
    await expectStoredResponse(request, created!, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({ '101': ['4'], '102': ['Modern art'] });
    });
  });

  test('end type RESUME shows a summary of the answers', async ({ page }) => {
    await page.goto('/en/survey/demo-end-resume');
    await answerMuseum(page);
    const summary = page.getByTestId('answer-summary');
    await expect(summary).toContainText('Modern art');
    await expect(summary).toContainText('4');
    // end_url_resume: where the summary lets the respondent go on.
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://www.example.com/resumen',
    );
  });

  test('end type BACK offers to answer again', async ({ page }) => {
    await page.goto('/en/survey/demo-end-back');
    await answerMuseum(page);
    await page.getByRole('button', { name: 'Answer again' }).click();
    await hydrated(page);
    await expect(page.getByRole('radio', { name: '4 stars' })).not.toBeChecked();
  });
});

test.describe('read-only preview', () => {
  test('walks the whole survey, validates, and writes nothing', async ({ page }) => {
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/') && request.method() !== 'GET')
        writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto('/en/survey/demo-simple?mode=readOnly');
    await hydrated(page);
    await expect(page.getByText('Preview: answers are not saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This question is mandatory')).toBeVisible();
    await page.getByRole('radio', { name: 'Social media' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Bakery' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(writes).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('survey-'))),
    ).toEqual([]);
    // Not even the shuffle seed's cookie: the language is the one cookie a preview leaves.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(['NEXT_LOCALE']);
  });
});

test.describe('read-only preview with files', () => {
  test('a required upload and signature are answered in memory; Answer again keeps the preview and the URL parameters', async ({
    page,
  }) => {
    importSurvey({
      survey_code: 'e2e-preview-files',
      survey_id: 9002,
      title: 'Preview with files',
      languages: [{ code: 'en', is_original: true }],
      share_config: { end_type: 'PAGE' },
      pages: [
        {
          id: 1,
          widgets: [
            { id: 1, subtype: 'other_file_upload', title: 'Your CV', required: true, settings: { max_files: 1 } },
            { id: 2, subtype: 'other_signature', title: 'Sign here', required: true },
          ],
        },
      ],
    });
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/') && request.method() !== 'GET')
        writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto('/en/survey/e2e-preview-files?mode=readOnly&source=mail');
    await hydrated(page);
    await page.locator('input[type=file][name="q1"]').setInputFiles({
      name: 'cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('My CV'),
    });
    await expect(page.locator('#question-1 li')).toContainText('cv.txt');
    const pad = page.getByRole('img', { name: 'Signature area' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1)
      await page.mouse.move(box.x + 30 + step * 20, box.y + 20 + (step % 2) * 30);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.locator('#question-2').getByRole('status')).toHaveText('Signature saved');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    // The preview banner stays on the end screen.
    await expect(page.getByText('Preview: answers are not saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Answer again' }).click();
    await page.waitForURL(/mode=readOnly/);
    expect(new URL(page.url()).searchParams.get('source')).toBe('mail');
    await hydrated(page);
    await expect(page.getByText('Preview: answers are not saved.')).toBeVisible();
    expect(writes).toEqual([]);
  });
});

test.describe('text safety', () => {
  test('owner text is shown literally, never as markup', async ({ page }) => {
    importSurvey({
      survey_code: 'e2e-xss',
      survey_id: 9001,
      title: '<img src=x onerror=alert(1)>',
      languages: [{ code: 'en', is_original: true }],
      pages: [
        {
          id: 1,
          title: 'Line one\nLine two',
          widgets: [{ id: 1, subtype: 'freetext_input', title: '<script>window.pwned=1</script>', required: false }],
        },
      ],
    });
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.goto('/en/survey/e2e-xss');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('<img src=x onerror=alert(1)>');
    await expect(page.getByText('<script>window.pwned=1</script>')).toBeVisible();
    await expect(page.locator('#survey-page-heading br')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});

test.describe('review and next question (spec §2)', () => {
  test('an answer on a later page reveals a required question on an earlier one: Review goes back to it', async ({
    page,
    request,
  }) => {
    importSurvey({
      survey_code: 'e2e-review',
      survey_id: 96001,
      title: 'Review journey',
      user_profile: { pack: 'PLUS' },
      share_config: { end_type: 'PAGE' },
      pages: [
        {
          id: 1,
          title: 'First page',
          widgets: [
            { id: 100, subtype: 'freetext_input', title: 'Your name' },
            { id: 101, subtype: 'freetext_input', title: 'Why do you agree?', required: true },
          ],
        },
        {
          id: 2,
          title: 'Second page',
          widgets: [
            {
              id: 201,
              subtype: 'single_radio',
              title: 'Do you agree?',
              items: [
                { id: 1, value: 'Yes' },
                { id: 2, value: 'No' },
              ],
            },
          ],
        },
      ],
      logic_list: [
        {
          id: 1,
          page_id: 2,
          conditions: [{ source: 'question', reference: '201', operator: 'equals', operator_value: '1' }],
          action: { type: 'show_question', resource: '101' },
        },
      ],
    });
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/e2e-review');
    await hydrated(page);
    await expect(page.getByText('Why do you agree?')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'There is 1 question to review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#survey-page-heading')).toHaveText('First page');
    await expect(page.getByText('This question is mandatory')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Why do you agree/ })).toBeFocused();
    await page.keyboard.type('It is right');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({ '100': ['Ana'], '101': ['It is right'], '201': ['1'] });
    });
  });

  test('"Next question" follows an answered question that does not move on by itself', async ({ page }) => {
    importSurvey({
      survey_code: 'e2e-next-question',
      survey_id: 96002,
      title: 'Next question journey',
      pages: [
        {
          id: 1,
          widgets: [
            { id: 11, subtype: 'freetext_input', title: 'First thing' },
            {
              id: 12,
              subtype: 'multiple_checkbox',
              title: 'Pick some',
              items: [
                { id: 1, value: 'Apples' },
                { id: 2, value: 'Pears' },
              ],
            },
            { id: 13, subtype: 'freetext_comment', title: 'Last thing' },
          ],
        },
      ],
    });
    await page.goto('/en/survey/e2e-next-question');
    await hydrated(page);
    const first = page.locator('#question-11');
    await expect(first.getByRole('link', { name: 'Next question' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'First thing' }).fill('Something');
    // Every visible control is reached by Tab: the link first, then the next answer.
    await page.keyboard.press('Tab');
    await expect(first.getByRole('link', { name: 'Next question' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'Apples' })).toBeFocused();
    // Shift+Enter goes to the next question from anywhere in an answer (spec §2).
    await page.getByRole('textbox', { name: 'First thing' }).focus();
    await page.keyboard.press('Shift+Enter');
    await expect(page.getByRole('checkbox', { name: 'Apples' })).toBeFocused();
    await page.getByRole('textbox', { name: 'First thing' }).focus();
    await first.getByRole('link', { name: 'Next question' }).click();
    await expect(page.getByRole('checkbox', { name: 'Apples' })).toBeFocused();
    await expect(page).toHaveURL(/\/en\/survey\/e2e-next-question$/);
    await page.keyboard.press('Space');
    await page.locator('#question-12').getByRole('link', { name: 'Next question' }).click();
    await expect(page.getByRole('textbox', { name: 'Last thing' })).toBeFocused();
    await page.keyboard.type('The end');
    // The last question of the page has none: the page's own button follows.
    await expect(page.locator('#question-13').getByRole('link', { name: 'Next question' })).toHaveCount(0);
  });

  test('auto question flow moves to the next question without animation under reduced motion', async ({ page }) => {
    importSurvey({
      survey_code: 'e2e-reduced-motion',
      survey_id: 97110,
      title: 'Reduced motion journey',
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 21,
              subtype: 'single_radio',
              title: 'Pick one',
              items: Array.from({ length: 14 }, (_, index) => ({ id: index + 1, value: `Choice ${index + 1}` })),
            },
            { id: 22, subtype: 'freetext_comment', title: 'Tell us more' },
          ],
        },
      ],
    });
    await page.setViewportSize({ width: 390, height: 600 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en/survey/e2e-reduced-motion');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Choice 2' }).click();
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).toBeFocused();
    // Two frames after the focus the page is where it stays: a smooth scroll would still be on its way.
    const scrolls = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      await frame();
      await frame();
      const soon = window.scrollY;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { soon, settled: window.scrollY };
    });
    expect(scrolls.settled).toBeGreaterThan(100);
    expect(scrolls.soon).toBe(scrolls.settled);
  });

  test('auto question flow leaves the page where the respondent scrolled it within its delay', async ({ page }) => {
    importSurvey({
      survey_code: 'e2e-flow-scrolled',
      survey_id: 97111,
      title: 'Scrolled within the delay',
      config: { auto_question_flow_desktop: true },
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 21,
              subtype: 'single_radio',
              title: 'Pick one',
              items: Array.from({ length: 14 }, (_, index) => ({ id: index + 1, value: `Choice ${index + 1}` })),
            },
            { id: 22, subtype: 'freetext_comment', title: 'Tell us more' },
            { id: 23, subtype: 'freetext_comment', title: 'And more' },
          ],
        },
        { id: 2, widgets: [{ id: 31, subtype: 'freetext_input', title: 'Last page' }] },
      ],
    });
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/en/survey/e2e-flow-scrolled');
    await hydrated(page);
    // The answer, then at once down to Next, as a respondent's thumb or Playwright's click does, within the delay.
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByRole('radio', { name: 'Choice 2' }).evaluate((radio: HTMLInputElement) => {
      radio.click();
      document.getElementById('survey-next')?.scrollIntoView({ block: 'end' });
    });
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).not.toBeFocused();
    await next.click();
    await expect(page.getByRole('textbox', { name: 'Last page' })).toBeVisible();
  });
});
