import type { Page } from '@playwright/test';
import { hydrated } from '../support';
import { expect, type MockApi, test } from '../support/mock-api';

/**
 * Spec §8's error catalogue, retries and offline, and another backend's harmless differences, against the mock API
 * with faults on demand: deterministic where
 * the embedded backend cannot fail on cue. Each journey asserts what the mock holds at the end, answer by answer.
 * One mock serves the file, so its journeys run one after another.
 */
test.describe.configure({ mode: 'serial' });

function survey(code: string) {
  return {
    survey_code: code,
    survey_id: 7000 + Math.floor(Math.random() * 1000),
    title: 'Mock journeys',
    // PLUS: the survey's own end (a thank-you page), not the forced default URL.
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    share_config: { end_type: 'PAGE' },
    config: { auto_question_flow_desktop: false },
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 1,
            subtype: 'single_radio',
            title: 'Pick one',
            required: true,
            items: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
          { id: 2, subtype: 'freetext_input', title: 'Your name' },
        ],
      },
    ],
  };
}

async function open(page: Page, mockApi: MockApi, code: string) {
  await mockApi.loadSurvey(survey(code));
  await page.goto(`/en/survey/${code}`);
  await hydrated(page);
}

async function answerAndFinish(page: Page) {
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await page.getByRole('button', { name: 'Finish' }).click();
}

/** Creates go to the survey's code; saves and the finish to the response's own code. */
const RESPONSE = (code: string) => `/api/v1/survey-response/${code}/`;
const ANY_RESPONSE = '/api/v1/survey-response/*/';

test('503 twice on create: the app retries, and the mock holds one finished response with every answer', async ({
  page,
  mockApi,
}) => {
  const code = 'qa-create-503';
  await mockApi.fault({ method: 'POST', path: RESPONSE(code), status: 503, retryAfter: 1, times: 2 });
  await open(page, mockApi, code);
  await answerAndFinish(page);
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  const creates = (await mockApi.writes(RESPONSE(code))).filter((write) => write.method === 'POST');
  expect(creates.map((write) => write.status)).toEqual([503, 503, 201]);
  const held = await mockApi.responses(code);
  expect(held).toHaveLength(1);
  expect(held[0]).toMatchObject({ completed: true, content: { '1': ['1'], '2': ['Ana'] } });
});

test('429 with Retry-After on a save: the app waits, retries, and nothing is lost', async ({ page, mockApi }) => {
  const code = 'qa-save-429';
  await mockApi.fault({ method: 'PATCH', path: ANY_RESPONSE, status: 429, retryAfter: 1, times: 2 });
  await open(page, mockApi, code);
  await answerAndFinish(page);
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  const patches = (await mockApi.writes()).filter((write) => write.method === 'PATCH');
  expect(patches.slice(0, 2).map((write) => write.status)).toEqual([429, 429]);
  expect(patches.at(-1)?.status).toBe(200);
  expect(await mockApi.responses(code)).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['1'], '2': ['Ana'] } }),
  ]);
});

test('a lost acknowledgement of a save: retried, one response, finished once with every answer', async ({
  page,
  mockApi,
}) => {
  const code = 'qa-finish-ack';
  await open(page, mockApi, code);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect.poll(async () => (await mockApi.responses(code)).length).toBe(1);
  await mockApi.fault({ method: 'PATCH', path: ANY_RESPONSE, drop: 'ack', times: 1 });
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  const held = await mockApi.responses(code);
  expect(held).toHaveLength(1);
  expect(held[0]).toMatchObject({ completed: true, content: { '1': ['1'], '2': ['Ana'] } });
});

test('offline, then back: the answers wait on the device and reach the mock once', async ({ page, mockApi }) => {
  const code = 'qa-offline';
  await open(page, mockApi, code);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect.poll(async () => (await mockApi.responses(code)).length).toBe(1);
  await mockApi.offline(true);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeHidden();
  await expect.poll(async () => (await mockApi.writes()).some((write) => write.status === 0)).toBe(true);
  await mockApi.offline(false);
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  expect(await mockApi.responses(code)).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['1'], '2': ['Ana'] } }),
  ]);
});

test('409 on create: the unique-responses message of the catalogue', async ({ page, mockApi }) => {
  const code = 'qa-create-409';
  await mockApi.fault({ method: 'POST', path: RESPONSE(code), status: 409, body: { code: 'conflict' } });
  // The response is created when the survey opens: its 409 answers at once.
  await mockApi.loadSurvey(survey(code));
  await page.goto(`/en/survey/${code}`);
  await expect(
    page.getByText('Only one response per person is allowed, and this survey has already been answered from here.'),
  ).toBeVisible({ timeout: 30_000 });
  expect(await mockApi.responses(code)).toEqual([]);
});

test('read-survey failing: 404 is the not-found page; 500, 403 and 401 the error screen with the catalogue message', async ({
  page,
  mockApi,
}) => {
  const code = 'qa-read-fails';
  await mockApi.loadSurvey(survey(code));
  await mockApi.fault({ method: 'GET', path: `/api/v1/read-survey/${code}/`, status: 404 });
  expect((await page.goto(`/en/survey/${code}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('404 Not Found');
  await mockApi.fault({ method: 'GET', path: `/api/v1/read-survey/${code}/`, status: 500 });
  await page.goto(`/en/survey/${code}`);
  await expect(page.getByText('Sorry, an unexpected error has occurred, try again.')).toBeVisible();
  await expect(page).toHaveTitle('An error occurred');
  await mockApi.fault({ method: 'GET', path: `/api/v1/read-survey/${code}/`, status: 403 });
  await page.goto(`/en/survey/${code}`);
  await expect(page.getByText('The access password is incorrect')).toBeVisible();
  await mockApi.fault({ method: 'GET', path: `/api/v1/read-survey/${code}/`, status: 401 });
  await page.goto(`/en/survey/${code}`);
  await expect(page.getByText('Sorry, you do not have authorization to perform this action.')).toBeVisible();
  // The fault spent, the survey opens.
  await page.goto(`/en/survey/${code}`);
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeVisible();
});

// The README's example ("Testing your own surveys"), as written there.
const readmeSurvey = {
  survey_code: 'my-survey',
  survey_id: 1,
  user_profile: { pack: 'PLUS' },
  languages: [{ code: 'en', is_original: true }],
  share_config: { end_type: 'PAGE' },
  pages: [{ id: 1, widgets: [{ id: 1, subtype: 'freetext_input', title: 'Your name', required: true }] }],
};

test('a 503 and a 429 are retried; the mock holds exactly what was answered', async ({ page, mockApi }) => {
  await mockApi.loadSurvey(readmeSurvey);
  await mockApi.fault({ method: 'POST', path: '/api/v1/survey-response/my-survey/', status: 503, times: 1 });
  await mockApi.fault({ method: 'PATCH', path: '/api/v1/survey-response/*/', status: 429, retryAfter: 1 });
  await page.goto('/en/survey/my-survey');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  const statuses = (await mockApi.writes()).map((write) => `${write.method} ${write.status}`);
  expect(statuses).toContain('POST 503');
  expect(statuses).toContain('PATCH 429');
  expect(await mockApi.responses('my-survey')).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['Ana'] } }),
  ]);
});

test('another backend’s survey, with its harmless differences, is answered to the end', async ({ page, mockApi }) => {
  const code = 'qa-other-backend';
  await mockApi.loadSurvey(survey(code));
  // The mock's own answer (its survey id is its own), sent as another backend may send it (survey-format.md
  // "Read tolerantly"): ids and flags as its database writes them, `[]` for an empty object and `{}` for an empty
  // list, a language left null, and a question and a rule of kinds this app does not know. The rule would hide the
  // name question if it were followed.
  const served = (await (await page.request.get(`${mockApi.origin}/api/v1/read-survey/${code}/`)).json()) as {
    survey_id: number;
    pages: Array<{ widgets: Array<Record<string, unknown> & { items: unknown[] }> }>;
  };
  const [choice, text] = served.pages[0]!.widgets;
  const otherBackend = {
    ...served,
    survey_id: String(served.survey_id),
    title: { en: 'Mock journeys', es: null },
    config: { auto_question_flow_desktop: 0 },
    share_config: { end_type: 'PAGE', type: 'qr' },
    theme_obj: [],
    contact: [],
    response_email: [],
    alerts: {},
    logic_list: [
      {
        id: 1,
        page_id: 1,
        conditions: [{ source: 'question', reference: '1', operator: 'sounds_like', operator_value: 'x' }],
        action: { type: 'hide_question', resource: '2' },
      },
    ],
    pages: [
      {
        id: '1',
        widgets: [
          { ...choice, required: 1, settings: [], items: { 0: choice!.items[0], 1: choice!.items[1] } },
          { id: 3, subtype: 'other_map_picker', title: 'Where are you?' },
          { ...text, description: [] },
        ],
      },
    ],
  };
  await mockApi.fault({
    method: 'GET',
    path: `/api/v1/read-survey/${code}/`,
    status: 200,
    body: otherBackend,
    times: 0,
  });
  await page.goto(`/en/survey/${code}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Mock journeys' })).toBeVisible();
  await expect(page.getByText('Where are you?')).toHaveCount(0);
  // Required as the backend's 1 says: Finish without a choice is refused.
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('This question is mandatory')).toBeVisible();
  await answerAndFinish(page);
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  expect(await mockApi.responses(code)).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['1'], '2': ['Ana'] } }),
  ]);
});

test('an answer typed and then cleared reaches the backend as [], never left out', async ({ page, mockApi }) => {
  const code = 'qa-cleared-answer';
  await open(page, mockApi, code);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await expect.poll(async () => (await mockApi.responses(code))[0]?.content['2'], { timeout: 15_000 }).toEqual(['Ana']);
  await page.getByRole('textbox', { name: 'Your name' }).fill('');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  // A backend that merges a save key by key would keep "Ana" if the key were left out.
  const finish = (await mockApi.writes()).filter((write) => write.method === 'PATCH').at(-1);
  expect((finish?.body as { content?: unknown }).content).toEqual({ '1': ['1'], '2': [] });
  expect(await mockApi.responses(code)).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['1'], '2': [] } }),
  ]);
});

test('a response read back the spec’s way (no id, flags written as words) is continued after a reload', async ({
  page,
  mockApi,
}) => {
  const code = 'qa-read-spec-fields';
  await open(page, mockApi, code);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect.poll(async () => (await mockApi.responses(code))[0]?.content['1']).toEqual(['1']);
  const [held] = await mockApi.responses(code);
  const read = (await (await page.request.get(`${mockApi.origin}${RESPONSE(held!.code)}`)).json()) as Record<
    string,
    unknown
  >;
  // Spec §7's read answers no id; another backend may also write flags as words.
  const specFields = { ...read };
  delete specFields.id;
  await mockApi.fault({
    method: 'GET',
    path: RESPONSE(held!.code),
    status: 200,
    body: { ...specFields, completed: 'false', expired_partial: 'false' },
    times: 0,
  });
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ana');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible({ timeout: 30_000 });
  expect(await mockApi.responses(code)).toEqual([
    expect.objectContaining({ completed: true, content: { '1': ['1'], '2': ['Ana'] } }),
  ]);
});
