import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectStoredResponse,
  hydrated,
  importSurvey,
  layoutShifts,
  openAtPhoneWidthBeforeTakeOver,
  waitForCreatedResponse,
} from './support';

/**
 * Logic rules (demo-logic), piping (demo-piping) and quiz scoring (demo-quiz), as a respondent meets them.
 * The rules of each demo are in server/demo/<code>.json; the comments below name the rule ids they exercise.
 */

const heading = (page: Page) => page.locator('#survey-page-heading');
const question = (page: Page, id: number) => page.locator(`[data-widget-id="${id}"]`);

/**
 * Checks a single-choice option and waits for auto question flow to move focus to the next question (it scrolls
 * smoothly there 150 ms later; a click in between could land on the moving page).
 */
async function choose(page: Page, option: Locator, nextQuestionId?: number) {
  await option.check();
  if (nextQuestionId === undefined) await expect(option).not.toBeFocused();
  else await expect(question(page, nextQuestionId).locator('input, textarea').first()).toBeFocused();
}

async function next(page: Page) {
  await page.locator('#survey-next').click();
}

/**
 * Next, on to another page: done once the app has scrolled to the top and focused the new page's heading, which it
 * does in the frame after the page renders. A click aimed before that frame lands where the old scroll put the
 * target (a CI run saw the quiz's "1969" click land on another question's row).
 */
async function nextPage(page: Page) {
  await next(page);
  await expect(heading(page)).toBeFocused();
}

test.describe('demo-logic', () => {
  test('a jump forward (rule 2) and Back returns to the page that jumped', async ({ page }) => {
    await page.goto('/en/survey/demo-logic');
    await hydrated(page);
    await expect(heading(page)).toHaveText('About you');
    await question(page, 101).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('textbox', { name: /How old are you/ }).fill('30');
    await nextPage(page);
    // Pages 2 and 3 are skipped.
    await expect(heading(page)).toHaveText('Overall opinion');
    await expect(page.getByText('Page 2 of')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(heading(page)).toHaveText('About you');
    await expect(question(page, 101).getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: /How old are you/ })).toHaveValue('30');
  });

  test('questions show and hide live on the page as the answer they depend on changes (rules 1, 16, 14, 15)', async ({
    page,
  }) => {
    await page.goto('/en/survey/demo-logic');
    await hydrated(page);
    // show_question 102 and hide_question 103 (unless 101 is "Yes") start hidden.
    await expect(question(page, 102)).toHaveCount(0);
    await expect(question(page, 103)).toHaveCount(0);
    // Auto question flow moves on to 102, which "Yes" reveals; the next click waits until the page settles.
    await choose(page, question(page, 101).getByRole('radio', { name: 'Yes' }), 102);
    await expect(question(page, 102)).toBeVisible();
    await expect(question(page, 103)).toBeVisible();
    await question(page, 101).getByRole('radio', { name: 'No' }).check();
    await expect(question(page, 102)).toHaveCount(0);
    await expect(question(page, 103)).toHaveCount(0);

    await page.getByRole('textbox', { name: /How old are you/ }).fill('40');
    await nextPage(page);
    await expect(heading(page)).toHaveText('Overall opinion');
    await expect(question(page, 402)).toHaveCount(0);
    await expect(question(page, 403)).toHaveCount(0);
    await page.getByRole('radio', { name: '5', exact: true }).check();
    await expect(question(page, 402)).toBeVisible();
    await expect(question(page, 403)).toHaveCount(0);
    await page.getByRole('radio', { name: '9', exact: true }).check();
    await expect(question(page, 402)).toHaveCount(0);
    await expect(question(page, 403)).toBeVisible();
  });

  test('a finish rule redirects with its parameters (rule 3), after the backend has the finished response', async ({
    page,
    request,
  }) => {
    await page.route('https://www.example.com/**', (route) => route.fulfill({ status: 200, body: 'external site' }));
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-logic?origen=news%20letter');
    await hydrated(page);
    await choose(page, question(page, 101).getByRole('radio', { name: 'Yes' }));
    await choose(page, page.getByRole('radio', { name: 'Cat' }), 103);
    await page.getByRole('textbox', { name: /How old are you/ }).fill('16');
    const redirect = page.waitForRequest((candidate) => candidate.url().startsWith('https://www.example.com/'));
    await next(page);
    const url = new URL((await redirect).url());
    expect(`${url.origin}${url.pathname}`).toBe('https://www.example.com/menores');
    expect([...url.searchParams.entries()]).toEqual([
      ['edad', '16'],
      ['mascota', 'Cat'],
      ['origen', 'news letter'],
    ]);
    await expect(page).toHaveURL(/^https:\/\/www\.example\.com\/menores\?/);
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({
        '101': ['1'],
        '102': ['2'],
        '104': ['16'],
        'url_param:origen': ['news letter'],
      });
    });
  });

  test('answers of questions hidden by logic are not saved', async ({ page, request }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-logic');
    await hydrated(page);
    // Answered while shown…
    await choose(page, question(page, 101).getByRole('radio', { name: 'Yes' }));
    await choose(page, page.getByRole('radio', { name: 'Dog' }), 103);
    await page.getByRole('checkbox', { name: 'Vet' }).check();
    // …then hidden again by changing the answer they depend on (rules 1 and 16).
    await question(page, 101).getByRole('radio', { name: 'No' }).check();
    await expect(question(page, 102)).toHaveCount(0);
    await page.getByRole('textbox', { name: /How old are you/ }).fill('40');
    await nextPage(page);
    await expect(heading(page)).toHaveText('Overall opinion');
    // Written, then hidden: 402 shows for a score of 6 or less only (rule 14).
    await page.getByRole('radio', { name: '3', exact: true }).check();
    await page.getByRole('textbox', { name: /What can we improve/ }).fill('Opening hours');
    await page.getByRole('radio', { name: '10', exact: true }).check();
    await page.getByRole('textbox', { name: /What do you value most/ }).fill('The staff');
    await nextPage(page);
    await expect(heading(page)).toHaveText('To finish');
    // Rule 10: no custom field "segmento", so 502 stays hidden; rule 12: 504 appears once 501 is answered.
    await expect(question(page, 502)).toHaveCount(0);
    await expect(question(page, 504)).toHaveCount(0);
    await page.getByRole('textbox', { name: /Anything else to add/ }).fill('Todo bien, pero el precio es alto');
    await expect(question(page, 504)).toBeVisible();
    await expect(question(page, 505)).toBeVisible();
    await next(page);
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content['101']).toEqual(['2']);
      expect(stored.content['104']).toEqual(['40']);
      expect(stored.content['401']).toEqual(['10']);
      expect(stored.content['403']).toEqual(['The staff']);
      expect(stored.content['501']).toEqual(['Todo bien, pero el precio es alto']);
      for (const hidden of ['102', '103', '402']) expect(stored.content[hidden] ?? []).toEqual([]);
    });
  });

  // Bug (features/survey-flow/components/survey-runtime.tsx, onAnswered): the next question is looked up in the
  // `pageWidgets` of the render in which the answer was given, so a question that this very answer reveals (102)
  // is skipped and focus jumps to 104.
  test.fixme('auto question flow moves on to the question the answer has just revealed', async ({ page }) => {
    await page.goto('/en/survey/demo-logic');
    await hydrated(page);
    await choose(page, question(page, 101).getByRole('radio', { name: 'Yes' }), 102);
  });

  test('an option shows and hides live on the page as another answer changes', async ({ page, request }) => {
    importSurvey({
      survey_code: 'e2e-option-logic',
      survey_id: 9101,
      title: 'Option logic',
      user_profile: { pack: 'PLUS' },
      languages: [{ code: 'en', is_original: true }],
      share_config: { end_type: 'PAGE' },
      logic_list: [
        {
          id: 1,
          page_id: 1,
          match: 'all',
          conditions: [
            { source: 'question', source_type: 'item', reference: '1', operator: 'equals', operator_value: '1' },
          ],
          action: { type: 'hide_option', resource: '2:2' },
        },
        {
          id: 2,
          page_id: 1,
          match: 'all',
          conditions: [
            { source: 'question', source_type: 'item', reference: '1', operator: 'equals', operator_value: '2' },
          ],
          action: { type: 'show_option', resource: '2:3' },
        },
      ],
      pages: [
        {
          id: 1,
          title: 'Travel',
          widgets: [
            {
              id: 1,
              subtype: 'single_radio',
              title: 'Do you drive?',
              items: [
                { id: 1, value: 'No' },
                { id: 2, value: 'Yes' },
              ],
            },
            {
              id: 2,
              subtype: 'multiple_checkbox',
              title: 'How do you travel?',
              items: [
                { id: 1, value: 'Train' },
                { id: 2, value: 'Own car' },
                { id: 3, value: 'Rental car' },
              ],
            },
          ],
        },
      ],
    });
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/e2e-option-logic');
    await hydrated(page);
    const travel = question(page, 2);
    await expect(travel.getByRole('checkbox')).toHaveCount(2);
    await expect(travel.getByRole('checkbox', { name: 'Own car' })).toBeVisible();
    await expect(travel.getByRole('checkbox', { name: 'Rental car' })).toHaveCount(0);
    await choose(page, question(page, 1).getByRole('radio', { name: 'Yes' }));
    await expect(travel.getByRole('checkbox', { name: 'Rental car' })).toBeVisible();
    await travel.getByRole('checkbox', { name: 'Own car' }).check();
    await travel.getByRole('checkbox', { name: 'Train' }).check();
    await question(page, 1).getByRole('radio', { name: 'No' }).check();
    await expect(travel.getByRole('checkbox', { name: 'Own car' })).toHaveCount(0);
    await expect(travel.getByRole('checkbox', { name: 'Rental car' })).toHaveCount(0);
    await expect(travel.getByRole('checkbox', { name: 'Train' })).toBeChecked();
    await next(page);
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
    // The chosen option that logic hid is not part of the answer.
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.content['1']).toEqual(['1']);
      expect(stored.content['2']).toEqual(['1']);
    });
  });
});

test.describe('demo-piping', () => {
  test('every pipe token shows the earlier answer in later text', async ({ page, request }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-piping?origen=newsletter');
    await hydrated(page);
    const code = (await created).code;
    await page.getByRole('textbox', { name: /What is your name/ }).fill('Ana <b>');
    await choose(page, page.getByRole('radio', { name: 'Banana' }), 102);
    const weekly = question(page, 102);
    await weekly.getByRole('checkbox', { name: 'Grapes' }).check();
    await weekly.getByRole('checkbox', { name: 'Kiwis' }).check();
    await weekly.getByRole('checkbox', { name: 'Other' }).check();
    await weekly.getByRole('textbox').fill('Lychee');
    await page.getByRole('radio', { name: 'Taste, Excellent' }).check();
    await page.getByRole('radio', { name: 'Price, Poor' }).check();
    await nextPage(page);

    // {{question:101}} in the page title.
    await expect(heading(page)).toHaveText("Let's talk about Banana");
    const intro = question(page, 200);
    // {{question:104}} (typed text, shown literally), {{url_param:origen}}, {{custom_field:empresa}} (none: ''),
    // {{question:102}} (labels, then the "other" text).
    await expect(intro).toContainText('Hello, Ana <b>');
    await expect(intro).toContainText('You came from "newsletter" and work at .');
    await expect(intro).toContainText('You buy: Grapes, Kiwis, Lychee.');
    // {{question:101|selected}} and {{question:101|selected_other}} (a listed option: no other text).
    await expect(question(page, 201).getByRole('heading')).toHaveText(/Why do you like Banana so much\?/);
    await expect(question(page, 201)).toContainText('If you chose another fruit, you wrote:');
    // {{question:102|not_selected}}.
    await expect(question(page, 202).getByRole('heading')).toHaveText(
      /Of those you do not buy \(Strawberries, Pears\), which would you try\?/,
    );
    // {{question:103|matrix}}.
    await expect(question(page, 203).getByRole('heading')).toHaveText(
      /Your ratings were: Taste: Excellent, Price: Poor\. Would you like to explain them\?/,
    );
    // {{promo_code}} is the response code; {{question:102|selected_other}} is the "other" text only.
    await expect(question(page, 204)).toContainText(`Your promo code: ${code}`);
    await expect(question(page, 204)).toContainText('Other fruit you ticked: Lychee');

    await next(page);
    // The end template pipes too.
    await expect(page.getByText(`Thank you, Ana <b>. Your discount code is ${code}.`)).toBeVisible();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({
        '101': ['2'],
        '102': ['2', '4', 'others:|:Lychee'],
        '103': ['1:|:3', '2:|:1'],
        '104': ['Ana <b>'],
        'url_param:origen': ['newsletter'],
      });
    });
  });

  test('selected_other pipes the typed text of a chosen "other"', async ({ page }) => {
    await page.goto('/en/survey/demo-piping');
    await hydrated(page);
    await page.getByRole('textbox', { name: /What is your name/ }).fill('Luis');
    await page.getByRole('radio', { name: 'Another fruit' }).check();
    await question(page, 101).getByRole('textbox').fill('Mango');
    await nextPage(page);
    await expect(heading(page)).toHaveText("Let's talk about Mango");
    await expect(question(page, 201).getByRole('heading')).toHaveText(/Why do you like\s+so much\?/);
    await expect(question(page, 201)).toContainText('If you chose another fruit, you wrote: Mango');
  });
});

test.describe('piping a file question', () => {
  test('pipes the names of the files given, never what the answer stores', async ({ page }) => {
    importSurvey({
      survey_code: 'e2e-pipe-file',
      survey_id: 9031,
      title: 'Piped files',
      languages: [{ code: 'en', is_original: true }],
      pages: [
        { id: 1, widgets: [{ id: 1, subtype: 'other_file_upload', title: 'Your CV', settings: { max_files: 2 } }] },
        {
          id: 2,
          title: 'You sent {{question:1}}',
          widgets: [{ id: 2, subtype: 'freetext_input', title: 'Anything else?' }],
        },
      ],
    });
    await page.goto('/en/survey/e2e-pipe-file');
    await hydrated(page);
    await page.locator('input[type=file][name="q1"]').setInputFiles([
      { name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('My CV') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes') },
    ]);
    await expect(question(page, 1).locator('li')).toHaveCount(2);
    await nextPage(page);
    await expect(heading(page)).toHaveText('You sent cv.txt, notes.txt');
  });
});

test.describe('demo-quiz', () => {
  test('the result screen thanks and shows the score over the questions', async ({ page, request }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-quiz');
    await hydrated(page);
    await choose(page, page.getByRole('radio', { name: 'Canberra' }), 102);
    await page.getByRole('checkbox', { name: 'Mars' }).check();
    await page.getByRole('checkbox', { name: 'Neptune' }).check();
    await page.getByRole('textbox', { name: /What is 7 × 6/ }).fill('41');
    await nextPage(page);
    await choose(page, page.getByRole('radio', { name: '1969' }), 202);
    await page.getByRole('radio', { name: 'Goya' }).check();
    await next(page);
    await expect(page.getByText('Thanks for participating!')).toBeVisible();
    await expect(page.getByText('Your score: 3 / 5')).toBeVisible();
    // The owner's end text (share config end_template) under the score, as under a thank-you.
    await expect(page.getByText('The right answers are published on Friday.')).toBeVisible();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({
        '101': ['2'],
        '102': ['1', '3'],
        '103': ['41'],
        '201': ['2'],
        '202': ['1'],
      });
    });
  });
});

test('a question flagged hidden appears when its show rule holds, and auto flow moves on to it', async ({ page }) => {
  importSurvey({
    survey_code: 'e2e-revealed',
    survey_id: 96003,
    title: 'Revealed question',
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE' },
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 1,
            subtype: 'single_radio',
            title: 'Do you have a pet?',
            items: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
          { id: 2, subtype: 'freetext_input', title: 'What is its name?', hidden: true, required: true },
          { id: 3, subtype: 'freetext_input', title: 'Anything else?' },
        ],
      },
    ],
    logic_list: [
      {
        id: 1,
        page_id: 1,
        conditions: [{ source: 'question', reference: '1', operator: 'equals', operator_value: '1' }],
        action: { type: 'show_question', resource: '2' },
      },
    ],
  });
  await page.goto('/en/survey/e2e-revealed');
  await hydrated(page);
  const petName = page.getByRole('textbox', { name: /What is its name/ });
  await expect(petName).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).check();
  // The answer reveals question 2: auto question flow goes there, not past it.
  await expect(petName).toBeFocused();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(question(page, 2).getByText('This question is mandatory')).toBeVisible();
  await petName.fill('Luna');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
});

test('a rule on the screen reads the User-Agent’s device: a desktop window at a phone’s width keeps the desktop’s questions, from the first HTML on', async ({
  page,
  browser,
  request,
}) => {
  const code = 'e2e-screen-rule';
  importSurvey({
    survey_code: code,
    survey_id: 96010,
    title: 'Screen rules',
    user_profile: { pack: 'PLUS' },
    // No auto flow: its Next question link, shown once a text is answered, would move what is under it.
    config: { number_questions: true, auto_question_flow_desktop: false, auto_question_flow_mobile: false },
    pages: [
      {
        id: 1,
        widgets: [
          { id: 1, subtype: 'freetext_input', title: 'Your name' },
          { id: 2, subtype: 'freetext_input', title: 'Which phone is it?', hidden: true },
          { id: 3, subtype: 'freetext_input', title: 'Which screen size?' },
        ],
      },
    ],
    logic_list: [
      {
        id: 1,
        page_id: 1,
        conditions: [{ source: 'screen', reference: '', operator: 'equals', operator_value: 'mobile' }],
        action: { type: 'show_question', resource: '2' },
      },
      {
        id: 2,
        page_id: 1,
        conditions: [{ source: 'screen', reference: '', operator: 'equals', operator_value: 'mobile' }],
        action: { type: 'hide_question', resource: '3' },
      },
    ],
  });
  const titles = (at: Page) =>
    at
      .locator('[id^="question-"] h2')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.replace(/\s+/g, ' ').trim()));

  const { created } = await openAtPhoneWidthBeforeTakeOver(page, `/en/survey/${code}`);
  await page.getByRole('textbox', { name: /Your name/ }).waitFor();
  const first = await titles(page);
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
  expect(first.join(' | ')).toMatch(/1.*Your name \| 2.*Which screen size\?$/);
  await hydrated(page);
  await page.getByRole('textbox', { name: /Your name/ }).fill('Ana');
  expect(await titles(page)).toEqual(first);
  expect(await layoutShifts(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.getByRole('textbox', { name: /Which screen size/ }).fill('Small');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await titles(page)).toEqual(first);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expectStoredResponse(request, await created, (stored) => {
    expect(stored.content).toEqual({ '1': ['Ana'], '3': ['Small'] });
    expect(stored.is_desktop).toBe(true);
  });

  // A phone's User-Agent: the phone's questions, in the first HTML (read without scripts) and after the take-over.
  const phoneContext = (javaScriptEnabled: boolean) =>
    browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      viewport: { width: 390, height: 844 },
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled,
    });
  const firstHtml = await phoneContext(false);
  const withoutScripts = await firstHtml.newPage();
  await withoutScripts.goto(`/en/survey/${code}`);
  expect((await titles(withoutScripts)).join(' | ')).toMatch(/1.*Your name \| 2.*Which phone is it\?$/);
  await firstHtml.close();
  const phone = await phoneContext(true);
  const onPhone = await phone.newPage();
  await onPhone.goto(`/en/survey/${code}`);
  await hydrated(onPhone);
  expect((await titles(onPhone)).join(' | ')).toMatch(/1.*Your name \| 2.*Which phone is it\?$/);
  await phone.close();
});

test('a field tapped within the auto flow’s delay keeps the focus and every keystroke', async ({ page, request }) => {
  importSurvey({
    survey_code: 'e2e-auto-flow-tap',
    survey_id: 96004,
    title: 'Quick taps',
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE' },
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 1,
            subtype: 'single_radio',
            title: 'Do you have a pet?',
            items: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
          {
            id: 2,
            subtype: 'multiple_checkbox',
            title: 'Which ones?',
            items: [
              { id: 1, value: 'Cat' },
              { id: 2, value: 'Dog' },
            ],
          },
          { id: 3, subtype: 'freetext_input', title: 'Your age' },
        ],
      },
    ],
  });
  const created = waitForCreatedResponse(page);
  await page.goto('/en/survey/e2e-auto-flow-tap');
  await hydrated(page);
  // Once the page is settled, the choice, then at once the last question's field: the auto flow (150 ms later) would
  // focus question 2, whose first checkbox a space then ticks.
  await page.waitForTimeout(1000);
  const age = page.getByRole('textbox', { name: 'Your age' });
  await page.getByRole('radio', { name: 'No' }).click();
  await age.click();
  await page.keyboard.type('4 2', { delay: 60 });
  await expect(age).toHaveValue('4 2');
  await expect(age).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Cat' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
  await expectStoredResponse(request, await created, (stored) => {
    expect(stored.completed).toBe(true);
    expect(stored.content).toMatchObject({ '1': ['2'], '3': ['4 2'] });
    expect(stored.content['2'] ?? []).toEqual([]);
  });
});

test('a first page that only ends the survey finishes it at the take-over: the server sends its finishing screen', async ({
  page,
  request,
}) => {
  importSurvey({
    survey_code: 'logic-first-page-finishes',
    survey_id: 9620,
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    share_config: { end_type: 'PAGE' },
    pages: [
      { id: 1, widgets: [{ id: 1, subtype: 'text_block', title: 'Nothing to answer here' }] },
      { id: 2, widgets: [{ id: 2, subtype: 'freetext_input', title: 'Never asked' }] },
    ],
    logic_list: [{ id: 1, page_id: 1, conditions: [], action: { type: 'finish_survey' } }],
  });
  const html = await (await request.get('/en/survey/logic-first-page-finishes')).text();
  expect(html).toContain('Sending your answers…');
  expect(html).not.toContain('id="survey-form"');
  const created = waitForCreatedResponse(page);
  await page.goto('/en/survey/logic-first-page-finishes');
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();
  await expectStoredResponse(request, await created, (stored) => expect(stored.completed).toBe(true));
});

test('the page counter, the progress and the panel count the pages a jump leads through, alike from the first HTML', async ({
  page,
  request,
}) => {
  const code = 'e2e-path-count';
  const radio = (id: number, title: string) => ({
    id,
    subtype: 'single_radio',
    title,
    items: [
      { id: 1, value: 'Skip ahead' },
      { id: 2, value: 'Go on' },
    ],
  });
  importSurvey({
    survey_code: code,
    survey_id: 96020,
    title: 'Path',
    user_profile: { pack: 'PLUS' },
    config: {
      number_questions: true,
      number_pages: true,
      progress_bar: true,
      hide_back_button: false,
      auto_question_flow_desktop: false,
    },
    pages: [1, 2, 3, 4].map((id) => ({ id, widgets: [radio(id, `Question on page ${id}`)] })),
    logic_list: [
      {
        id: 1,
        page_id: 1,
        conditions: [{ source: 'question', reference: '1', operator: 'equals', operator_value: '1' }],
        action: { type: 'jump_page', resource: '3' },
      },
    ],
  });
  const counter = page.locator('header').getByText(/^Page \d of \d$/);
  const progress = page.getByRole('progressbar');
  expect(await (await request.get(`/en/survey/${code}`)).text()).toContain('Page 1 of 4');
  await page.goto(`/en/survey/${code}`);
  await hydrated(page);
  await expect(counter).toHaveText('Page 1 of 4');
  await page.getByRole('radio', { name: 'Skip ahead' }).check();
  // Page 2 is jumped over: the count leaves it out as soon as the answer says so.
  await expect(counter).toHaveText('Page 1 of 3');
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await nextPage(page);
  await expect(page.getByText('Question on page 3')).toBeVisible();
  await expect(counter).toHaveText('Page 2 of 3');
  await expect(page.getByText('2.', { exact: true })).toBeVisible();
  await page.keyboard.press('Alt+Shift+N');
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Page 2 of 3, 33% answered')).toBeVisible();
  await expect(panel.getByRole('list').first().getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Go on' }).check();
  await nextPage(page);
  await expect(counter).toHaveText('Page 3 of 3');
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
  await page.getByRole('radio', { name: 'Go on' }).check();
  // Everything the respondent was shown is answered.
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
});
