import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { stagedScriptsOf } from '../scripts/staged-scripts.mjs';
import {
  delayScripts,
  expectOneServerResponse,
  expectStoredResponse,
  hydrated,
  importSurvey,
  layoutShifts,
  openAtPhoneWidthBeforeTakeOver,
  recordLayoutShifts,
  waitForCreatedResponse,
} from './support';

/**
 * What the survey page asks the browser to run before it takes over (`npm run bench` measures the time; these
 * guard the causes). Chunks are found by strings only their code holds: a message key a single widget uses.
 */
async function scriptsNamedBy(request: APIRequestContext, path: string) {
  const html = await (await request.get(path, { headers: { 'Accept-Language': 'en' } })).text();
  // Legacy-browser polyfills (`<script nomodule>`) never run in a modern browser.
  const noModule = new Set([...html.matchAll(/<script src="([^"]+)" noModule/gi)].map((match) => match[1]));
  // A bundle's chunks come in the bundle (scripts/script-bundles.mjs): each is counted once, there.
  const bundled = new Set(Object.values(stagedScriptsOf(html).bundled as Record<string, string[]>).flat());
  const urls = [...new Set(html.match(/\/_next\/static\/chunks\/[^"'\\\s]+?\.js/g) ?? [])].filter(
    (url) => !noModule.has(url) && !bundled.has(url),
  );
  return Promise.all(urls.map(async (url) => ({ url, body: Buffer.from(await (await request.get(url)).body()) })));
}

/** Imports an English survey on the PLUS pack that ends on the app's own end page; `survey` gives the rest. */
function importEndPageSurvey(survey: Record<string, unknown>): void {
  importSurvey({
    user_profile: { pack: 'PLUS' },
    share_config: { end_type: 'PAGE' },
    languages: [{ code: 'en', is_original: true }],
    ...survey,
  });
}

/** Imports a one-page survey of one radio question (id 11: "Pick one", options Yes = 1 and No = 2); returns its code. */
function importPickOneSurvey(code: string, surveyId: number): string {
  importSurvey({
    survey_code: code,
    survey_id: surveyId,
    title: 'Pick one',
    languages: [{ code: 'en', is_original: true }],
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 11,
            subtype: 'single_radio',
            title: 'Pick one',
            items: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
        ],
      },
    ],
  });
  return code;
}

test.describe('the survey page before it takes over', () => {
  test('its HTML names the code of the first page’s widgets, and of no later page’s', async ({ request }) => {
    const scripts = await scriptsNamedBy(request, '/en/survey/demo-all-widgets');
    const holds = (marker: string) => scripts.some(({ body }) => body.includes(marker));
    // Page 1 has choice questions: their chunk downloads with the page's own scripts, not after React asks for it.
    expect(holds('other_placeholder'), 'the choice widgets of page 1').toBe(true);
    // The ranking and the signature are on page 4.
    expect(holds('ranking_moved'), 'the ranking of page 4').toBe(false);
    expect(holds('signature_label'), 'the signature of page 4').toBe(false);
  });

  test('leaves out what shows only later: the end screens, the timer, the navigation panel’s dialog, the page checks, the global error page’s words', async ({
    request,
  }) => {
    // Each is a chunk of its own, asked for once the client has taken over (survey-runtime.tsx, a11y-nav-panel.tsx,
    // page-checks.ts); the global error page's words with their loader, whose table names every language's file,
    // once it shows.
    const scripts = await scriptsNamedBy(request, '/en/survey/demo-all-widgets');
    expect(
      scripts.some(({ body }) => body.includes('skip_questions')),
      'the panel’s bar',
    ).toBe(true);
    for (const marker of [
      'quiz_thanks',
      'minutes_left',
      'result_unreachable',
      'Call loadPatternEngine() before',
      'messages/ar.json',
    ])
      expect(
        scripts.filter(({ body }) => body.includes(marker)).map(({ url }) => url),
        marker,
      ).toEqual([]);
  });

  test('ships no ICU message parser and no progress-bar library', async ({ request }) => {
    const scripts = await scriptsNamedBy(request, '/en/survey/demo-simple');
    // Messages are compiled at build time; the parser's plural keyword would only be in its code.
    expect(scripts.filter(({ body }) => body.includes('selectordinal')).map(({ url }) => url)).toEqual([]);
    // NProgress loads when a bar is first drawn; its stylesheet-injecting code names its own element id.
    expect(scripts.filter(({ body }) => body.includes('nprogress-custom-parent')).map(({ url }) => url)).toEqual([]);
  });

  test('its JavaScript stays within 225 KB gzip on a first page of choice questions', async ({ request }) => {
    const scripts = await scriptsNamedBy(request, '/en/survey/demo-all-widgets');
    const kb = scripts.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    // README "Performance": React DOM and Next's runtime alone are ~137 KB of it.
    expect(kb).toBeLessThan(225);
  });

  test('the scripts it runs before taking over compile as they stream in; chunks on their own stay lazy', async ({
    request,
  }) => {
    // scripts/compile-hints.mjs marks the framework's and the pages' entry chunks in `npm run build`; a bundle of
    // them (scripts/script-bundles.mjs) starts with the mark, the first page's widgets included. The page's own bundle
    // is started by its inline script (scripts/staged-scripts.mjs).
    const html = await (await request.get('/en/survey/demo-all-widgets')).text();
    const urls = (pattern: RegExp) => [...html.matchAll(pattern)].flatMap((match) => match[1] ?? []);
    const { staged, bundled } = stagedScriptsOf(html) as { staged: string[]; bundled: Record<string, string[]> };
    const entryScripts = [...urls(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)" async/g), ...staged];
    expect(entryScripts.length).toBeGreaterThan(3);
    expect(Object.keys(bundled)).toEqual(expect.arrayContaining(entryScripts.filter((url) => url.includes('bundle~'))));
    const firstLine = async (url: string) => (await (await request.get(url)).text()).split('\n', 1)[0];
    for (const url of entryScripts) expect(await firstLine(url), url).toBe('//# allFunctionsCalledOnLoad');
    // A widget's chunk as a later page loads it, on its own: compiled only as it runs.
    const chunks = await Promise.all(Object.values(bundled).flat().map(firstLine));
    expect(chunks.filter((line) => line !== '//# allFunctionsCalledOnLoad').length).toBeGreaterThan(0);
  });

  test('its Link header names the framework’s scripts with its nonce; each script downloads once, under its CSP', async ({
    page,
  }) => {
    // scripts/script-preloads.mjs: the browser asks for them as the response arrives, not once it has parsed the head.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy|preload/i.test(message.text())) violations.push(message.text());
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (/\/_next\/static\/chunks\/.+\.js$/.test(request.url())) requested.push(new URL(request.url()).pathname);
    });
    const response = await page.goto('/en/survey/demo-all-widgets');
    await hydrated(page);
    const headers = response?.headers() ?? {};
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
    const preloaded = [...(headers.link ?? '').matchAll(/<([^>]+\.js)>; rel=preload; as="script"; nonce="([^"]+)"/g)];
    expect(preloaded.length).toBeGreaterThan(2);
    expect(new Set(preloaded.map((match) => match[2]))).toEqual(new Set([nonce]));
    const firstScript = await page.locator('script[src*="/_next/static/chunks/"][async]').first().getAttribute('src');
    expect(preloaded.map((match) => match[1])).toContain(firstScript);
    // The page's own scripts are not among them: they wait for the framework's (scripts/staged-scripts.mjs).
    const { staged, bundled } = stagedScriptsOf(await response!.text()) as {
      staged: string[];
      bundled: Record<string, string[]>;
    };
    expect(staged.length).toBeGreaterThan(0);
    expect(preloaded.map((match) => match[1] ?? '').filter((url) => staged.includes(url))).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining(staged));
    expect(requested.filter((url, index) => requested.indexOf(url) !== index)).toEqual([]);
    // What came in a bundle (scripts/script-bundles.mjs) is not asked for again, by the runtime or by React.
    const inBundles = Object.values(bundled).flat();
    expect(inBundles.length).toBeGreaterThan(5);
    expect(requested.filter((url) => inBundles.includes(url))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('it asks for its own scripts once the framework’s smaller scripts have arrived, and the server holds its answer', async ({
    page,
  }) => {
    // scripts/staged-scripts.mjs: React DOM and Next's router download first with the link to themselves, and
    // evaluate while the page's own chunks are on their way (README "Performance").
    const code = importPickOneSurvey('e2e-staged-scripts', 97010);
    const response = await page.goto(`/en/survey/${code}`);
    const html = await response!.text();
    const { staged, startAfter } = stagedScriptsOf(html) as { staged: string[]; startAfter: string[] };
    expect(staged.length).toBeGreaterThan(0);
    expect(startAfter.length).toBeGreaterThan(0);
    await hydrated(page);
    const timing = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        url: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    );
    const of = (url: string) => timing.find((entry) => entry.url === url);
    const lastArrival = Math.max(...startAfter.map((url) => of(url)?.end ?? Infinity));
    for (const url of staged) expect(of(url)?.start ?? -1, url).toBeGreaterThanOrEqual(lastArrival);
    await page.getByRole('radio', { name: 'No' }).check();
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['2']));
  });

  test('when its bundles fail, it asks for their chunks one by one, takes over, and the server holds its answer', async ({
    page,
  }) => {
    // scripts/staged-scripts.mjs: a bundle's error puts each of its chunks in place of its placeholder.
    const code = importPickOneSurvey('e2e-bundles-fail', 97012);
    await page.route(/\/_next\/static\/chunks\/bundle~/, (route) => route.abort());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(`/en/survey/${code}`);
    const { bundled } = stagedScriptsOf(await response!.text()) as { bundled: Record<string, string[]> };
    expect(Object.keys(bundled)).toHaveLength(2);
    await hydrated(page);
    expect(requested).toEqual(expect.arrayContaining(Object.values(bundled).flat()));
    await page.getByRole('radio', { name: 'No' }).check();
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['2']));
  });

  test('its page bundle has one URL, whether its render read the survey or shared a read, so a repeat visit has it cached', async ({
    browser,
  }) => {
    // Next names a page's chunks in the order its render reached them, which differed between these two renders;
    // the bundle's URL lists them in one order (scripts/staged-scripts.mjs), and build files are cached for a year.
    const code = importPickOneSurvey('e2e-bundle-url', 97015);
    const context = await browser.newContext();
    try {
      const bundlesOf = (html: string) => Object.keys(stagedScriptsOf(html).bundled as Record<string, string[]>);
      // The first render reads the survey; one within the next second shares that read
      // (features/survey-flow/server/load-survey.ts). A header of its own keeps it from sharing the render.
      const read = await context.request.get(`/en/survey/${code}`);
      const shared = await context.request.get(`/en/survey/${code}`, {
        headers: { 'X-Second-Render': String(Date.now()) },
      });
      expect(shared.headers()['x-page-cache']).toBe('miss');
      const named = bundlesOf(await read.text());
      expect(named).toHaveLength(2);
      expect(bundlesOf(await shared.text())).toEqual(named);

      const page = await context.newPage();
      const bundleResources = () =>
        page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.name.includes('/_next/static/chunks/bundle~'))
            .map((entry) => ({ url: new URL(entry.name).pathname, transferred: entry.transferSize })),
        );
      await page.goto(`/en/survey/${code}`);
      await hydrated(page);
      expect((await bundleResources()).map((entry) => entry.url).sort()).toEqual([...named].sort());
      // Opened again: its bundles come from the browser's cache.
      await page.goto(`/en/survey/${code}`);
      await hydrated(page);
      const again = await bundleResources();
      expect(again.map((entry) => entry.url).sort()).toEqual([...named].sort());
      expect(again.filter((entry) => entry.transferred > 0)).toEqual([]);
      await page.getByRole('radio', { name: 'No' }).check();
      await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['2']));
    } finally {
      await context.close();
    }
  });

  test('it readies number formatting in the page’s language while it waits, under its CSP', async ({ page }) => {
    // The first Intl.NumberFormat costs 75 to 90 ms at 4× CPU (intl-warm-up.ts): the inline script pays it at the
    // first idle moment, so a "# stars" label during the take-over does not.
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { __numberFormats: built });
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: [string?]) {
          built.push(String(args[0]));
          return Reflect.construct(target, args);
        },
      });
    });
    await page.goto('/ar/survey/demo-simple');
    await hydrated(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __numberFormats: string[] }).__numberFormats))
      .toContain('ar');
  });

  test('its scripts and stylesheets arrive in brotli, with the headers Next gives build files', async ({ page }) => {
    // The server compresses the build in the background at start (scripts/brotli-static.mjs); until then, gzip.
    await expect(async () => {
      const encodings = new Map<string, string | undefined>();
      page.on('response', (response) => {
        if (response.url().includes('/_next/static/'))
          encodings.set(response.url(), response.headers()['content-encoding']);
      });
      await page.goto('/en/survey/demo-simple');
      await hydrated(page);
      expect(encodings.size).toBeGreaterThan(5);
      expect([...encodings].filter(([, encoding]) => encoding !== 'br')).toEqual([]);
    }).toPass({ timeout: 30_000 });
    const script = await page.request.get(
      (await page.locator('script[src*="/_next/static/chunks/"]').first().getAttribute('src')) ?? '',
      { headers: { 'Accept-Encoding': 'br' } },
    );
    expect(script.headers()).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
    });
  });
});

/** Fresh browsers (no cookies) opening one survey link at the same moment, each noting what its CSP refused. */
async function firstVisits(browser: Browser, path: string, count: number) {
  const contexts: BrowserContext[] = await Promise.all(Array.from({ length: count }, () => browser.newContext()));
  const violations: string[] = [];
  for (const context of contexts) {
    context.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
    });
  }
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  const responses = await Promise.all(pages.map((page) => page.goto(path)));
  await Promise.all(pages.map((page) => hydrated(page)));
  const headers = responses.map((response) => response?.headers() ?? {});
  return { contexts, pages, headers, violations };
}

const nonceOf = (headers: Record<string, string>) =>
  /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];

test.describe('first visits of a survey link within a second (scripts/page-cache.mjs)', () => {
  test('share one render, each with a nonce of its own, and each takes over under its CSP', async ({ browser }) => {
    const visits = await firstVisits(browser, '/en/survey/demo-simple', 3);
    try {
      expect(visits.headers.map((headers) => headers['x-page-cache'])).toContain('hit');
      const nonces = visits.headers.map(nonceOf);
      expect(new Set(nonces).size).toBe(3);
      for (const [index, page] of visits.pages.entries()) {
        // The nonce of its own header is the one on its scripts: they ran (it took over) and the CSP refused nothing.
        const scriptNonce = await page.evaluate(
          () => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce,
        );
        expect(scriptNonce).toBe(nonces[index]);
      }
      expect(visits.violations).toEqual([]);
      const shared = visits.pages[visits.headers.findIndex((headers) => headers['x-page-cache'] === 'hit')]!;
      await shared.getByRole('radio').first().check();
      await expect(shared.getByRole('radio').first()).toBeChecked();
    } finally {
      await Promise.all(visits.contexts.map((context) => context.close()));
    }
  });

  test('a randomised survey is rendered for each new respondent, with a seed of their own', async ({ browser }) => {
    const visits = await firstVisits(browser, '/en/survey/demo-all-widgets', 2);
    try {
      expect(visits.headers.map((headers) => headers['x-page-cache'])).toEqual(['miss', 'miss']);
      const seeds = await Promise.all(
        visits.contexts.map(
          async (context) => (await context.cookies()).find((cookie) => cookie.name === 'enc-seed')?.value,
        ),
      );
      expect(seeds[0]).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(seeds[1]).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(seeds[0]).not.toBe(seeds[1]);
    } finally {
      await Promise.all(visits.contexts.map((context) => context.close()));
    }
  });
});

test.describe('a desktop browser at a phone’s width, which the server takes for a desktop', () => {
  const code = 'e2e-narrow-desktop';
  test.beforeAll(() =>
    importSurvey({
      survey_code: code,
      survey_id: 97101,
      title: 'Narrow desktop',
      user_profile: { pack: 'PLUS' },
      config: { auto_question_flow_desktop: false, auto_question_flow_mobile: false },
      languages: [{ code: 'en', is_original: true }],
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 11,
              subtype: 'freetext_matrix',
              title: 'Monthly spend',
              items: [{ id: 1, value: 'Food' }],
              col_options: [
                { id: 1, value: 'You' },
                { id: 2, value: 'Your family' },
              ],
            },
          ],
        },
      ],
    }),
  );

  test('shows the phone layout from the first HTML, nothing moves at the take-over, and what is typed is kept', async ({
    page,
    request,
  }) => {
    // The server cannot tell a desktop's width from its user agent: the first HTML has the text matrix both ways.
    const html = await (await request.get(`/en/survey/${code}`)).text();
    expect(html).toContain('<table');
    expect(html).toContain('<fieldset');
    const { created } = await openAtPhoneWidthBeforeTakeOver(page, `/en/survey/${code}`);
    // Before the client has taken over, the stylesheet already shows the phone's layout: one block per row.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('table')).toBeHidden();
    await expect(page.getByRole('group', { name: 'Food' })).toBeVisible();
    await hydrated(page);
    const matrix = page.getByRole('group', { name: 'Monthly spend' });
    const you = matrix.getByRole('group', { name: 'Food' }).getByRole('textbox', { name: 'You', exact: true });
    await you.fill('250');
    // Once the width is known, the table is gone from the page, and nothing moved on screen when it went.
    await expect(page.locator('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await layoutShifts(page)).toEqual([]);
    await page.getByRole('button', { name: 'Finish' }).click();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.content).toMatchObject({ '11': ['1:|:1:|:250'] });
    });
  });
});

test.describe('a question’s split matrices in a desktop browser at a phone’s width', () => {
  const code = 'e2e-narrow-desktop-split';
  test.beforeAll(() =>
    importSurvey({
      survey_code: code,
      survey_id: 97102,
      title: 'Narrow desktop split',
      user_profile: { pack: 'PLUS' },
      config: { auto_question_flow_desktop: false, auto_question_flow_mobile: false },
      languages: [{ code: 'en', is_original: true }],
      pages: [
        {
          id: 1,
          widgets: [
            {
              id: 21,
              subtype: 'other_radio_matrix',
              title: 'Rate us',
              settings: { split: true },
              items: [
                { id: 1, value: 'Price' },
                { id: 2, value: 'Quality' },
              ],
              col_options: [
                { id: 10, value: 'Bad' },
                { id: 20, value: 'Good' },
              ],
            },
            {
              id: 22,
              subtype: 'other_checkbox_matrix',
              title: 'When do you drink it?',
              settings: { split: true },
              items: [{ id: 1, value: 'Tea' }],
              col_options: [
                { id: 5, value: 'Morning' },
                { id: 6, value: 'Evening' },
              ],
            },
          ],
        },
      ],
    }),
  );

  test('are blocks of options from the first HTML, keep a choice made before the take-over, and do not move', async ({
    page,
    request,
  }) => {
    const { created } = await openAtPhoneWidthBeforeTakeOver(page, `/en/survey/${code}`);
    const qualityGood = page.getByRole('radio', { name: 'Quality, Good' });
    await qualityGood.waitFor();
    // Read at once, not retried: before the take-over, one block per row, no column headers, each radio beside its
    // column's text.
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    expect(await page.getByRole('columnheader', { name: 'Good' }).isVisible()).toBe(false);
    expect(await page.locator('label', { has: qualityGood }).innerText()).toBe('Good');
    const where = () => qualityGood.evaluate((radio) => JSON.stringify(radio.getBoundingClientRect()));
    const before = await where();
    await qualityGood.check();
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await hydrated(page);
    await expect(qualityGood).toBeChecked();
    expect(await where()).toBe(before);
    expect(await layoutShifts(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('checkbox', { name: 'Tea, Evening' }).check();

    // Wider than the breakpoint, the same controls are a table's cells again.
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(page.getByRole('columnheader', { name: 'Good' })).toBeVisible();
    await expect(page.locator('label', { has: qualityGood }).getByText('Good')).toBeHidden();
    await expect(qualityGood).toBeChecked();

    await page.getByRole('button', { name: 'Finish' }).click();
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.content).toMatchObject({ '21': ['1:|:empty_row', '2:|:20'], '22': ['1:|:6'] });
    });
  });
});

test.describe('what loads after the page has taken over', () => {
  test('what the first Next needs is asked for first, before the response session’s and the API’s code, and a Next pressed at once shows it', async ({
    page,
  }) => {
    const code = 'e2e-next-page-widgets-first';
    importEndPageSurvey({
      survey_code: code,
      survey_id: 97013,
      title: 'Next page first',
      pages: [
        {
          id: 1,
          widgets: [{ id: 11, subtype: 'single_radio', title: 'Pick one', items: [{ id: 1, value: 'Yes' }] }],
        },
        {
          id: 2,
          widgets: [
            {
              id: 21,
              subtype: 'other_ranking',
              title: 'Rank these',
              items: [
                { id: 1, value: 'Price' },
                { id: 2, value: 'Quality' },
              ],
            },
          ],
        },
      ],
    });
    const requested: string[] = [];
    const bodies = new Map<string, Promise<string>>();
    page.on('request', (request) => {
      if (/\/_next\/static\/chunks\/.+\.js$/.test(request.url())) requested.push(request.url());
    });
    page.on('response', (response) => {
      if (/\/_next\/static\/chunks\/.+\.js$/.test(response.url())) bodies.set(response.url(), response.text());
    });
    const created = waitForCreatedResponse(page);
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('group', { name: 'Rank these' }).getByRole('listitem')).toHaveText([
      /Price/,
      /Quality/,
    ]);
    await created;
    /** Where the first script whose code `holds` was asked for; the page's own scripts came before the take-over. */
    const askedAt = async (holds: (body: string) => boolean) => {
      for (const [index, url] of requested.entries()) if (holds((await bodies.get(url)) ?? '')) return index;
      return -1;
    };
    // The ranking's code, not the message files that name its keys: only the widget listens for pointers.
    const ranking = await askedAt((body) => body.includes('ranking_position') && body.includes('pointercancel'));
    const checks = await askedAt((body) => body.includes('Call loadPatternEngine() before'));
    const session = await askedAt((body) => body.includes('outbox:binding:'));
    const axios = await askedAt((body) => body.includes('AxiosHeaders'));
    expect(ranking, 'the ranking of page 2').toBeGreaterThanOrEqual(0);
    expect(checks, 'the page checks').toBeGreaterThanOrEqual(0);
    // Six requests at a time on HTTP/1.1: what comes first decides what a Next pressed at once waits for.
    for (const [later, name] of [
      [session, 'the response session'],
      [axios, 'axios'],
    ] as const) {
      expect(later, `${name}, after the ranking`).toBeGreaterThan(ranking);
      expect(later, `${name}, after the page checks`).toBeGreaterThan(checks);
    }
  });

  test('the kinds the next pages show first are rendered once out of view, without the survey’s text, then removed', async ({
    page,
  }) => {
    const code = 'e2e-kind-warm-up';
    importEndPageSurvey({
      survey_code: code,
      survey_id: 97014,
      title: 'Warm up',
      pages: [
        {
          id: 1,
          widgets: [{ id: 11, subtype: 'single_radio', title: 'Pick one', items: [{ id: 1, value: 'Yes' }] }],
        },
        {
          id: 2,
          widgets: [
            {
              id: 21,
              subtype: 'other_ranking',
              title: 'Rank these',
              items: [
                { id: 1, value: 'Price' },
                { id: 2, value: 'Quality' },
              ],
            },
            { id: 22, subtype: 'single_radio', title: 'Again', items: [{ id: 1, value: 'Sure' }] },
            { id: 23, subtype: 'scale_stars', title: 'Rate it' },
          ],
        },
        { id: 3, widgets: [{ id: 31, subtype: 'freetext_comment', title: 'Anything else' }] },
        { id: 4, widgets: [{ id: 41, subtype: 'other_datetime', title: 'When' }] },
      ],
    });
    // Every warm-up the page shows: what it holds while in the document (its copies mount after it), and whether it
    // is gone again.
    type WarmUp = { kinds: string[]; text: string; ids: string[]; hidden: boolean; gone: boolean };
    await page.addInitScript(() => {
      const seen = new Map<Element, WarmUp>();
      Object.assign(window, { warmUps: () => [...seen.values()] });
      new MutationObserver(() => {
        for (const element of document.querySelectorAll<HTMLElement>('[data-kind-warm-up]')) {
          seen.set(element, {
            kinds: [...element.querySelectorAll('section[data-widget-id]')].map(
              (question) => question.getAttribute('data-widget-id') ?? '',
            ),
            text: element.textContent ?? '',
            ids: [...element.querySelectorAll('[id]')].map((node) => node.id),
            hidden:
              element.getAttribute('aria-hidden') === 'true' &&
              element.hasAttribute('inert') &&
              getComputedStyle(element).visibility === 'hidden',
            gone: false,
          });
        }
        for (const [element, entry] of seen) entry.gone = !element.isConnected;
      }).observe(document, { childList: true, subtree: true });
    });
    const created = waitForCreatedResponse(page);
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    const warmUps = () => page.evaluate(() => (window as unknown as { warmUps: () => WarmUp[] }).warmUps());
    await expect.poll(async () => (await warmUps()).map((entry) => entry.gone)).toEqual([true]);
    const [warmUp] = await warmUps();
    // The ranking and the stars of page 2 and the comment of page 3; the radio is on screen already, the date two
    // pages on. Each copy has an id of no question, and none of the survey's text.
    expect(warmUp!.kinds).toEqual(['-1', '-2', '-3']);
    expect(warmUp!.hidden).toBe(true);
    expect(warmUp!.ids.every((id) => !/question-(11|21|22|23|31|41)$/.test(id))).toBe(true);
    expect(warmUp!.text).not.toMatch(/Rank these|Price|Quality|Rate it|Anything else/);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('group', { name: 'Rank these' }).getByRole('listitem')).toHaveText([
      /Price/,
      /Quality/,
    ]);
    // Moving on to page 2 warms the date of page 4.
    await expect.poll(async () => (await warmUps()).length).toBe(2);
    // The copies answered nothing: the server holds the one answer given.
    await expectStoredResponse(page.request, await created, (stored) =>
      expect(stored.content).toEqual({ '11': ['1'] }),
    );
  });

  test('the response calls load zod’s functional API, not its classic one, and the server holds the answer', async ({
    page,
  }) => {
    const code = importPickOneSurvey('e2e-response-calls-zod-mini', 97011);
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/\/_next\/static\/chunks\/.+\.js$/.test(response.url())) scripts.push(response.text());
    });
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    await page.getByRole('radio', { name: 'No' }).check();
    // Saved: the response calls and their schemas have loaded and run.
    await expectOneServerResponse(code, (row) => expect(row.content['11']).toEqual(['2']));
    const bodies = await Promise.all(scripts);
    // zod registers each schema type under its name: `ZodMini…` for zod/mini, the bare name for the classic API.
    expect(bodies.some((body) => body.includes('"ZodMiniObject"'))).toBe(true);
    expect(bodies.filter((body) => /"Zod(Object|String)"/.test(body))).toEqual([]);
  });
});

test.describe('a page that does not move', () => {
  // A logo that arrives after the first paint (below: each one is held a second), above a screen centred on a phone.
  const logoSurvey = 'e2e-logo-late';
  test.beforeAll(() =>
    importSurvey({
      survey_code: logoSurvey,
      survey_id: 9751,
      title: 'Logo',
      user_profile: { pack: 'PLUS' },
      logo_src: '/images/not-found.svg',
      languages: [{ code: 'en', is_original: true }],
      theme_obj: { mobile_alignment: 'center' },
      pages: [{ id: 1, widgets: [{ id: 1, subtype: 'freetext_input', title: 'Your name' }] }],
    }),
  );
  // Short first pages, which the layout centres on a phone: any question laid out at another size first moves it all.
  const paths = [
    '/en/survey/demo-logic',
    '/en/survey/demo-answer-later',
    '/en/survey/demo-timer',
    '/ar/survey/demo-all-widgets',
    `/en/survey/${logoSurvey}`,
  ];
  for (const path of paths) {
    test(`${path} at 390 px: nothing shifts while it loads, as the client takes over, or after`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await recordLayoutShifts(page);
      // Slow scripts, as on a phone: the server's HTML is painted well before the client takes over.
      await delayScripts(page, 400);
      await page.route('**/images/not-found.svg', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto(path);
      await hydrated(page);
      await page.waitForTimeout(1_500);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('header img')).every((logo) => (logo as HTMLImageElement).complete),
      );
      expect(await layoutShifts(page)).toEqual([]);
    });
  }
});

test.describe('a centred screen on a phone', () => {
  test('shows nothing until its last element has been parsed, so a paint between parser chunks cannot jump', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The parser stopped short of the screen's end: the document as far as the element before the marker.
    await page.route('**/_next/static/chunks/**/*.js', (route) => route.abort());
    await page.route('**/en/survey/demo-answer-later', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const marker = html.search(/<span class="[^"]*parsedMarker[^"]*" hidden="">/);
      expect(marker).toBeGreaterThan(0);
      await route.fulfill({ response, body: html.slice(0, marker) });
    });
    await page.goto('/en/survey/demo-answer-later');
    await expect(page.locator('#main-content')).toBeAttached();
    await expect(page.locator('#main-content')).toBeHidden();
    await page.unrouteAll();
    await page.goto('/en/survey/demo-answer-later');
    await expect(page.locator('#main-content')).toBeVisible();
  });
});

test.describe('the words of later pages', () => {
  // One survey per test: they run in parallel, and each counts the responses its survey holds.
  const codes = { walk: 'e2e-page-words-walk', loading: 'e2e-page-words-loading', retry: 'e2e-page-words-retry' };
  const pageOf = (id: number) => ({
    id,
    title: `Page title ${id}`,
    widgets: [
      {
        id: id * 10 + 1,
        subtype: 'single_radio',
        title: `Question on page ${id}`,
        required: true,
        items: [
          { id: 1, value: `Yes ${id}` },
          { id: 2, value: `No ${id}` },
        ],
      },
    ],
  });
  test.beforeAll(() =>
    Object.values(codes).forEach((code, index) =>
      importEndPageSurvey({
        survey_code: code,
        survey_id: 97002 + index,
        title: 'Page words',
        config: { auto_question_flow_desktop: false, auto_question_flow_mobile: false },
        pages: [1, 2, 3, 4, 5].map(pageOf),
      }),
    ),
  );

  async function answerAndNext(page: Page, id: number) {
    await page.getByRole('radio', { name: `Yes ${id}` }).check();
    await page.getByRole('button', { name: 'Next' }).click();
  }

  test('the first HTML carries the first three pages’ words only; the rest arrive and are answered', async ({
    page,
    request,
  }) => {
    const code = codes.walk;
    const html = await (await request.get(`/en/survey/${code}`)).text();
    for (const id of [1, 2, 3]) expect(html).toContain(`Question on page ${id}`);
    expect(html).not.toContain('Question on page 4');
    expect(html).not.toContain('Yes 5');

    const reads = page.waitForRequest((req) => req.url().endsWith(`/en/survey-words/${code}`));
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    for (const id of [1, 2, 3, 4]) {
      await expect(page.getByRole('radiogroup', { name: `Question on page ${id}` })).toBeVisible();
      await answerAndNext(page, id);
    }
    // Asked for once the client had taken over.
    await reads;
    await expect(page.getByRole('heading', { name: 'Page title 5' })).toBeVisible();
    await page.getByRole('radio', { name: 'No 5' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expectOneServerResponse(code, (row) =>
      expect(row.content).toMatchObject({ '11': ['1'], '21': ['1'], '31': ['1'], '41': ['1'], '51': ['2'] }),
    );
  });

  test('the survey words route: the parsed survey, compact, in every language, a 404 for an unknown code', async ({
    request,
  }) => {
    for (const path of [`/survey-words/${codes.walk}`, `/jp/survey-words/${codes.walk}`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      // The parsed survey without its defaults (lib/survey-format/survey-transport.ts), and the defaults once.
      const { survey, defaults } = (await response.json()) as {
        survey: { pages: { widgets: { id: number; hidden?: boolean }[] }[] };
        defaults: { widget: { hidden: boolean } };
      };
      expect(survey.pages.map((page) => page.widgets[0]?.id)).toEqual([11, 21, 31, 41, 51]);
      expect(defaults.widget.hidden).toBe(false);
      expect(survey.pages[0]?.widgets[0]).not.toHaveProperty('hidden');
    }
    expect((await request.get('/en/survey-words/no-such-survey-here', { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get('/en/survey-words/bad%20code', { maxRedirects: 0 })).status()).toBe(404);
  });

  test('a page whose words have not arrived says it is loading, then shows its questions', async ({ page }) => {
    const code = codes.loading;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/survey-words/${code}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    for (const id of [1, 2, 3]) await answerAndNext(page, id);
    await expect(page.getByTestId('survey-page-loading')).toHaveText('Loading…');
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    release();
    await expect(page.getByRole('radiogroup', { name: 'Question on page 4' })).toBeVisible();
    await expect(page.getByTestId('survey-page-loading')).toHaveCount(0);
    // As after any move to a page, a screen reader starts from its heading.
    await expect(page.getByRole('heading', { name: 'Page title 4' })).toBeFocused();
  });

  test('a read that fails is tried again', async ({ page }) => {
    const code = codes.retry;
    let failures = 0;
    await page.route(`**/survey-words/${code}`, async (route) => {
      if (failures < 2) {
        failures += 1;
        await route.fulfill({ status: 503, body: '' });
      } else await route.continue();
    });
    await page.goto(`/en/survey/${code}`);
    await hydrated(page);
    for (const id of [1, 2, 3]) await answerAndNext(page, id);
    await expect(page.getByRole('radiogroup', { name: 'Question on page 4' })).toBeVisible({ timeout: 15_000 });
    expect(failures).toBe(2);
  });
});
