// The survey page on a phone: 4× CPU slowdown and a slow 4G network (1.6 Mbps down, 750 kbps up, 150 ms RTT).
// Imports a 50-question survey (5 pages of 10) into the running server's database, then measures in Chromium:
// when the first input is painted and answerable (server HTML), when the client has taken over (data-hydrated),
// and how long "Next" takes to show the following page.
// Usage: node scripts/bench-survey-page.mjs http://127.0.0.1:3000 [DATA_DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const dataDir = process.argv[3] ?? 'data';
const subtypes = ['single_radio', 'multiple_checkbox', 'freetext_input', 'scale_nps', 'single_select'];
const items = [1, 2, 3, 4].map((id) => ({ id, value: { es: `Opción ${id}`, en: `Option ${id}` } }));
const survey = {
  survey_code: 'bench-50',
  survey_id: 95050,
  title: { es: 'Cincuenta preguntas', en: 'Fifty questions' },
  user_profile: { pack: 'PLUS' },
  config: {
    progress_bar: true,
    number_questions: true,
    hide_back_button: false,
    auto_question_flow_desktop: false,
    auto_question_flow_mobile: false,
  },
  share_config: { end_type: 'PAGE' },
  languages: [
    { code: 'es', is_original: true },
    { code: 'en', is_original: false },
  ],
  pages: Array.from({ length: 5 }, (_, page) => ({
    id: page + 1,
    title: { es: `Página ${page + 1}`, en: `Page ${page + 1}` },
    widgets: Array.from({ length: 10 }, (_, index) => {
      const id = (page + 1) * 100 + index;
      const subtype = subtypes[index % subtypes.length];
      return {
        id,
        subtype,
        title: { es: `Pregunta ${id}`, en: `Question ${id}` },
        items: subtype.startsWith('free') || subtype === 'scale_nps' ? [] : items,
      };
    }),
  })),
};
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'survey.json');
fs.writeFileSync(file, JSON.stringify(survey));
execFileSync(
  process.execPath,
  ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/survey-import.ts', file],
  {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  },
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results = [];
for (let run = 0; run < 3; run += 1) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(() => {
    // When the first radio exists in the document (parsed from the server HTML), it can be answered.
    const check = () => {
      if (document.querySelector('input[type=radio]')) {
        window.__firstInputAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto(`${base}/en/survey/bench-50`, { waitUntil: 'commit' });
  await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    firstInput: window.__firstInputAt,
    hydrated: performance.now(),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  }));
  const nextPage = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const start = performance.now();
        const heading = document.getElementById('survey-page-heading')?.textContent;
        const observer = new MutationObserver(() => {
          const now = document.getElementById('survey-page-heading')?.textContent;
          if (now && now !== heading) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start));
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        document.getElementById('survey-next')?.click();
      }),
  );
  results.push({ ...timing, nextPage });
  await context.close();
}
await browser.close();
const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[1];
console.log(
  `first input answerable: ${median('firstInput').toFixed(0)} ms (first contentful paint ${median('fcp').toFixed(0)} ms)`,
);
console.log(`client took over (data-hydrated): ${median('hydrated').toFixed(0)} ms after navigation start`);
console.log(`next page shown: ${median('nextPage').toFixed(0)} ms after the click`);
console.log('(median of 3 runs, 390 px phone, 4× CPU slowdown, slow 4G)');
