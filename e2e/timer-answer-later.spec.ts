import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  type CreatedResponse,
  delayScripts,
  expectStoredResponse,
  hydrated,
  importSurvey,
  readStoredResponse,
  serverResponses,
  waitForCreatedResponse,
} from './support';

/** A PRO survey with a 2-minute limit; the page's clock is fast-forwarded instead of waiting. */
function importTimedSurvey(code: string, surveyId: number) {
  importSurvey({
    survey_code: code,
    survey_id: surveyId,
    title: 'Timed',
    user_profile: { pack: 'PRO' },
    languages: [{ code: 'en', is_original: true }],
    config: { timeout_amount: 2, timeout_type: 'minutes' },
    pages: [
      {
        id: 1,
        title: 'Quick',
        widgets: [
          {
            id: 1,
            subtype: 'single_radio',
            title: 'Ready?',
            items: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
          { id: 2, subtype: 'freetext_input', title: 'Anything to say?' },
        ],
      },
    ],
  });
}

const EXPIRED = 'The time limit for responding the survey has been surpassed.';

/**
 * Below PLUS the close type is forced to URL (spec §1), so after the message the respondent is sent to the
 * default close URL. A 204 answer to that navigation keeps the page (Chromium commits nothing for a 204), so the
 * message can be read, and the redirect is recorded.
 */
async function holdCloseRedirect(page: Page): Promise<string[]> {
  const redirects: string[] = [];
  await page.route('https://www.encuesta.com/**', (route) => {
    redirects.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  return redirects;
}

test.describe('timer', () => {
  test('time runs out: the respondent reads the time-limit message, then the forced close redirect', async ({
    page,
  }) => {
    importTimedSurvey('e2e-timer-message', 9200);
    const redirects = await holdCloseRedirect(page);
    await page.clock.install();
    await page.goto('/en/survey/e2e-timer-message');
    await hydrated(page);
    await expect(page.getByRole('timer')).toHaveText(/Time remaining: [12]:\d\d/);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.clock.fastForward('01:00');
    await expect(page.getByRole('timer')).toHaveText(/Time remaining: 0:\d\d/);
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
    await page.clock.fastForward('01:01');
    await expect(page.getByText(EXPIRED)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect.poll(() => redirects).toEqual(['https://www.encuesta.com/']);
  });

  test('time runs out with an answer given: expired_partial reaches the server before the close redirect', async ({
    page,
    request,
  }) => {
    importTimedSurvey('e2e-timer-partial', 9201);
    // What the server holds at the moment the page leaves for the close URL.
    const heldAtRedirect: Array<number | undefined> = [];
    await page.route('https://www.encuesta.com/**', (route) => {
      heldAtRedirect.push(serverResponses('e2e-timer-partial').at(-1)?.expired_partial);
      return route.fulfill({ status: 204 });
    });
    await page.clock.install();
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/e2e-timer-partial');
    await hydrated(page);
    const response = await created;
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.clock.fastForward('02:01');
    await expect(page.getByText(EXPIRED)).toBeVisible();
    await expect(async () => {
      const stored = (await readStoredResponse(request, response)) as unknown as Record<string, unknown>;
      expect(stored.expired_partial).toBe(true);
      expect(stored.expired_empty).toBe(false);
      expect(stored.completed).toBe(false);
      expect((stored.content as Record<string, string[]>)['1']).toEqual(['1']);
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => heldAtRedirect).toEqual([1]);
  });

  test('time runs out with nothing answered: the backend response is expired_empty', async ({ page, request }) => {
    importTimedSurvey('e2e-timer-empty', 9202);
    await holdCloseRedirect(page);
    await page.clock.install();
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/e2e-timer-empty');
    await hydrated(page);
    const response = await created;
    await page.clock.fastForward('02:01');
    await expect(page.getByText(EXPIRED)).toBeVisible();
    await expect(async () => {
      const stored = (await readStoredResponse(request, response)) as unknown as Record<string, unknown>;
      expect(stored.expired_empty).toBe(true);
      expect(stored.expired_partial).toBe(false);
    }).toPass({ timeout: 20_000 });
  });
});

test.describe('answer later', () => {
  test('opened with the keyboard: an invalid address is refused, a valid one queues the resume link', async ({
    page,
  }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-answer-later');
    await hydrated(page);
    const { code } = await created;
    const trigger = page.getByRole('button', { name: 'Answer later' });
    await expect(trigger).toBeVisible();
    for (
      let presses = 0;
      presses < 30 && !(await trigger.evaluate((el) => el === document.activeElement));
      presses += 1
    )
      await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Answer later' });
    await expect(dialog).toBeVisible();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await page.keyboard.type('ana@example');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Enter a valid email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    await page.keyboard.type('.com');
    const queued = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/v1/survey-email-response-queue/${code}/`,
    );
    await page.keyboard.press('Enter');
    const response = await queued;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON() as { email: string; email_config: { resume_url: string } };
    expect(body.email).toBe('ana@example.com');
    const link = new URL(body.email_config.resume_url);
    expect(`${link.origin}${link.pathname}`).toBe(`${new URL(page.url()).origin}/en/survey-resume`);
    expect(link.searchParams.get('code')).toBe(code);
    expect(body.email_config.resume_url).toContain(`/survey-resume?code=${encodeURIComponent(code)}`);

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'We have sent the link' })).toHaveText(
      'We have sent the link to ana@example.com.',
    );
    // The dialog gives focus back to the button that opened it.
    await expect(trigger).toBeFocused();
  });
});

test.describe('answer later on a phone', () => {
  test('the dialog’s buttons stack in their Tab order, Send last, nearest the thumb', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/survey/demo-answer-later');
    await hydrated(page);
    await page.getByRole('button', { name: 'Answer later' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer later' });
    const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
    const send = await dialog.getByRole('button', { name: 'Send link' }).boundingBox();
    expect(cancel && send && send.y > cancel.y).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send link' })).toBeFocused();
  });
});

test.describe('answer later, its reply lost', () => {
  test('sent again, the address is the same e-mail: the server queues it once', async ({ page }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-answer-later');
    await hydrated(page);
    const { code } = await created;
    const path = `/api/v1/survey-email-response-queue/${code}/`;
    // The first request reaches the server and is queued; its reply is lost on the way back.
    let lost = false;
    await page.route(`**${path}`, async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Answer later' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer later' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    const first = page.waitForRequest((request) => new URL(request.url()).pathname === path);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    const retried = page.waitForResponse((response) => new URL(response.url()).pathname === path);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    const retry = await retried;
    const keyOf = (body: unknown) => (body as { client_key?: string }).client_key;
    expect(keyOf(retry.request().postDataJSON())).toBeTruthy();
    expect(keyOf(retry.request().postDataJSON())).toBe(keyOf((await first).postDataJSON()));
    // 200: the server knew the request, and queued nothing new.
    expect(retry.status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'We have sent the link' })).toHaveText(
      'We have sent the link to ana@example.com.',
    );
  });
});

test.describe('answer later, before the response exists', () => {
  test('the button is in the server’s page; an address sent while the response is created waits for it', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/en/survey/demo-answer-later')).text();
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Answer later<\/button>/);

    // The create is held until the address has been sent.
    let releaseCreate: () => void = () => {};
    const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve));
    await page.route('**/api/v1/survey-response/*/', async (route) => {
      if (route.request().method() === 'POST') await createHeld;
      await route.continue();
    });
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-answer-later');
    await hydrated(page);
    await page.getByRole('button', { name: 'Answer later' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer later' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('early@example.com');
    const queued = page.waitForRequest((sent) => sent.url().includes('/api/v1/survey-email-response-queue/'));
    await dialog.getByRole('textbox', { name: 'Email' }).press('Enter');
    await page.waitForTimeout(500);
    releaseCreate();
    const { code } = await created;
    expect(new URL((await queued).url()).pathname).toBe(`/api/v1/survey-email-response-queue/${code}/`);
    await expect(page.getByRole('status').filter({ hasText: 'We have sent the link' })).toHaveText(
      'We have sent the link to early@example.com.',
    );
  });
});

test.describe('answer later, before the client has taken over', () => {
  test('a tap on the button is held, shown pending, and opens the dialog once the client has taken over', async ({
    page,
  }) => {
    await delayScripts(page, 3000);
    await page.goto('/en/survey/demo-answer-later', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Answer later' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-pending-action', 'answer-later');
    await hydrated(page);
    await expect(page.getByRole('dialog', { name: 'Answer later' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-pending-action', /./);
  });
});

/** demo-answer-later's first page answered on this device, until the server holds it: its response. */
async function answerFirstPage(page: Page, request: APIRequestContext) {
  const created = waitForCreatedResponse(page);
  await page.goto('/en/survey/demo-answer-later');
  await hydrated(page);
  await page.getByRole('textbox', { name: /Full name/ }).fill('Ana Pérez');
  await page.getByRole('textbox', { name: /Email address/ }).fill('ana@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#survey-page-heading')).toHaveText('Studies');
  const response = await created;
  await expectStoredResponse(request, response, (stored) =>
    expect(stored.content).toMatchObject({ '101': ['Ana Pérez'], '102': ['ana@example.com'] }),
  );
  return response;
}

/** The rest of demo-answer-later answered on another device, from its first page, to the thank-you. */
async function answerTheRest(phone: Page) {
  await phone.getByRole('button', { name: 'Next' }).click();
  await phone.getByRole('radio', { name: 'Vocational training' }).check();
  await phone.getByRole('button', { name: 'Next' }).click();
  await phone.getByRole('textbox', { name: /Why do you deserve this grant/ }).fill('Hard work');
  await phone.getByRole('button', { name: 'Finish' }).click();
  await expect(phone.getByText('Thank you for responding to our survey!')).toBeVisible();
}

/** The server holds the response finished, with what both devices answered. */
async function expectAnsweredEverywhere(request: APIRequestContext, response: CreatedResponse) {
  await expectStoredResponse(request, response, (stored) => {
    expect(stored.completed).toBe(true);
    expect(stored.content).toMatchObject({
      '101': ['Ana Pérez'],
      '102': ['ana@example.com'],
      '201': ['2'],
      '301': ['Hard work'],
    });
  });
}

test.describe('resume', () => {
  test('the resume link continues the response on another device, with its answers, to one finished response', async ({
    page,
    browser,
    request,
  }) => {
    const response = await answerFirstPage(page, request);

    // Another device: nothing in its storage, only the link from the e-mail.
    const other = await browser.newContext({ locale: 'en-US' });
    const phone = await other.newPage();
    const resumeRead = phone.waitForRequest(
      (sent) => sent.method() === 'GET' && sent.url().includes(`/survey-response/${response.code}/`),
    );
    await phone.goto(`/en/survey-resume?code=${response.code}&survey=demo-answer-later`);
    await expect(phone).toHaveURL(/\/en\/survey\/demo-answer-later\?response=/);
    // The resume page's read carries the spec's payload (§7), as the survey page's does.
    const surveyRead = await request.get('/api/v1/read-survey/demo-answer-later/');
    const sent = new URL((await resumeRead).url()).searchParams;
    expect(sent.get('survey')).toBe(String((await surveyRead.json()).survey_id));
    expect(sent.get('fingerprint')).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.get('client_signature')).toBe(`web:${sent.get('fingerprint')}`);
    await hydrated(phone);
    await expect(phone.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ana Pérez');
    await answerTheRest(phone);
    await other.close();
    await expectAnsweredEverywhere(request, response);

    // The link opened again once the response is finished: the spec's already-answered message, nothing to edit.
    const again = await browser.newContext({ locale: 'en-US' });
    const laptop = await again.newPage();
    await laptop.goto(`/en/survey-resume?code=${response.code}&survey=demo-answer-later`);
    await expect(laptop.getByRole('heading', { level: 1 })).toHaveText('Continue your survey');
    await expect(laptop.getByRole('status')).toHaveText(
      'You have already completed the survey you are trying to access.',
    );
    await expect(laptop).toHaveURL(/\/en\/survey-resume\?/);
    await again.close();
  });

  test('a response code in another backend’s alphabet (base64’s + / =) is continued from a link that left it unencoded', async ({
    page,
    browser,
    request,
  }) => {
    const response = await answerFirstPage(page, request);

    // Another backend's code for the same response; the embedded backend knows it by its own code.
    const alias = 'Zm9v+YmFy/YmF6==';
    const other = await browser.newContext({ locale: 'en-US' });
    const phone = await other.newPage();
    const creates: string[] = [];
    phone.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/survey-response/demo-answer-later/'))
        creates.push(sent.url());
    });
    await phone.route(`**/api/v1/survey-response/${encodeURIComponent(alias)}/**`, (route) =>
      route.continue({ url: route.request().url().replace(encodeURIComponent(alias), response.code) }),
    );
    await phone.goto(`/en/survey/demo-answer-later?response=${alias}`);
    await hydrated(phone);
    await expect(phone.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ana Pérez');
    await answerTheRest(phone);
    await other.close();
    await expectAnsweredEverywhere(request, response);
    expect(creates, 'the link began no response of its own').toEqual([]);
  });

  test('a resume link of no known response says it was not found', async ({ page }) => {
    await page.goto('/en/survey-resume?code=no-such-response-here');
    await expect(page.getByRole('status')).toHaveText('Page not found');
  });
});
