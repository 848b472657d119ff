// `npm run bench`: the survey page on a cheap phone, side by side with a hand-written static HTML page of the same
// questions and with the same survey in SurveyJS (scripts/bench/surveyjs-page.mjs), in one run, as the issue's
// harness measures it. Builds (unless --skip-build), serves the production build with a fresh SQLite data folder,
// imports generated surveys of 50 questions (10 pages) and 500 questions (50 pages) of radio, checkbox, dropdown-like
// list, text, comment, matrix, rating and ranking questions, writes the static baseline and the SurveyJS page of
// each (served in brotli, as a static host sends them), and measures them in Debian Chromium (390 px, 4× CPU
// slowdown, slow 4G: 150 ms RTT, 1.6 Mbit/s), a fresh browser per run, taking turns, median of --runs (3):
// JavaScript before the first input and over a walk through every page, time until the page answers a click (the
// app: `data-hydrated`; static: parsed; SurveyJS: rendered), next page (click to the next page's first question
// painted; the first Next pressed as soon as a click counts), JS heap at the end, main-thread blocking time. Then
// server rendering (pages/s, p50 and p99 at 50 concurrent requests for 8 s, unthrottled, and the server process's CPU
// time per page: once for requests alike, which share a render per second, and once with every request rendered),
// the logic engine (500 questions × 300 rules) and validation of a 1 MB answer. Beside them, the floor of this
// stack: the app's own page with no survey on it (`/en/survey-message`, server-rendered text in the same layout,
// React, Next's router and next-intl's client), measured the same way, so the table says what the survey itself
// costs over what any page of this app costs; and under it, Next alone (scripts/bench/next-alone: Next 16 and React
// 19 rendering the same text per request, nothing of this app), so the table also says what the app's own page costs
// over the framework.
// Prints a table with each figure as a ratio to the static page and to SurveyJS, writes test-results/bench/bench.json
// (with each walk's take-over, next page and first next page).
// A benchmark, not a test: CI does not run it. Usage: npm run bench [-- --skip-build] [--runs 3] [--sizes 50,500]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { staticHtml, surveyOf } from './bench-surveys.mjs';
import { surveyJsFiles, surveyJsHtml } from './surveyjs-page.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const RUNS = Number(option('--runs', '3'));
const SIZES = option('--sizes', '50,500').split(',').map(Number);
const APP_PORT = 3410;
const STATIC_PORT = 3411;
const NEXT_ALONE_PORT = 3412;
const NEXT_ALONE_DIR = 'scripts/bench/next-alone';
const OUT_DIR = 'test-results/bench';
process.env.NEXT_TELEMETRY_DISABLED = '1';

// --- servers -----------------------------------------------------------------------------------------------------

async function waitFor(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Waits until the server sends every build script in brotli: it compresses them in the background after it starts
 * (scripts/brotli-static.mjs) and serves gzip until then, so a measurement taken too early counts gzip bytes.
 */
async function waitForBrotli(origin, buildDir = '.next', timeoutMs = 60_000) {
  const files = fs.readdirSync(path.join(buildDir, 'static/chunks')).filter((file) => file.endsWith('.js'));
  const end = Date.now() + timeoutMs;
  let pending = files;
  while (pending.length > 0 && Date.now() < end) {
    const encodings = await Promise.all(
      pending.map(async (file) => {
        const response = await fetch(`${origin}/_next/static/chunks/${file}`, {
          method: 'HEAD',
          headers: { 'accept-encoding': 'br' },
        });
        return response.headers.get('content-encoding');
      }),
    );
    pending = pending.filter((_, index) => encodings[index] !== 'br');
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (pending.length > 0) throw new Error(`${pending.length} scripts not in brotli after ${timeoutMs} ms`);
}

/** A baseline file's content type, by its extension. */
const contentTypeOf = (file) =>
  file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8';

/**
 * Serves the baselines: each static page, and SurveyJS's pages with the library's files. Each body is sent in
 * brotli (quality 11, made once) to a client that accepts it, as a static host or a CDN sends a file; this app's own
 * build files are served the same way (scripts/brotli-static.mjs).
 * @param {Map<string, string | Buffer>} bodies path → body
 */
function staticServer(bodies) {
  const files = new Map(
    [...bodies].map(([pathname, body]) => {
      const raw = Buffer.from(body);
      const brotli = zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      return [pathname, { raw, brotli, type: contentTypeOf(pathname) }];
    }),
  );
  const server = http.createServer((request, response) => {
    const file = files.get(new URL(request.url, 'http://x').pathname);
    if (!file) return void response.writeHead(404).end();
    const inBrotli = /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
    response
      .writeHead(200, {
        'content-type': file.type,
        vary: 'Accept-Encoding',
        ...(inBrotli ? { 'content-encoding': 'br' } : {}),
      })
      .end(inBrotli ? file.brotli : file.raw);
  });
  return new Promise((resolve) => server.listen(STATIC_PORT, '127.0.0.1', () => resolve(server)));
}

// --- measuring in the browser ------------------------------------------------------------------------------------

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)];
};

/**
 * A script's size in gzip at level 9, the unit of the budget: the server sends brotli to a browser that asks
 * for it, so the transferred bytes are brotli's. Read from the server uncompressed; the same URL is read once.
 */
const gzipSizes = new Map();
async function gzipSize(scriptUrl) {
  if (!gzipSizes.has(scriptUrl)) {
    const response = await fetch(scriptUrl, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${scriptUrl}: ${response.status}`);
    gzipSizes.set(scriptUrl, zlib.gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length);
  }
  return gzipSizes.get(scriptUrl);
}

async function measurePage(url, pageCount) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
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
    await cdp.send('Performance.enable');
    const scripts = new Map();
    // Scripts asked for and not yet whole: the walk's script bytes are counted once none is left.
    const scriptsLoading = new Set();
    let takenOver = false;
    let scriptBytesBeforeInput = 0;
    const scriptUrls = new Map();
    const scriptUrlsBeforeInput = [];
    let documentId = null;
    let documentBytes = 0;
    // BENCH_TRACE=1: every request of the run, in ms from the document's request, printed after the walk.
    const trace = new Map();
    let traceOrigin = null;
    cdp.on('Network.requestWillBeSent', (event) => {
      traceOrigin ??= event.timestamp;
      trace.set(event.requestId, { url: event.request.url, start: event.timestamp, end: null, bytes: 0 });
    });
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') {
        scripts.set(event.requestId, 0);
        scriptsLoading.add(event.requestId);
        scriptUrls.set(event.requestId, event.response.url);
      }
      if (event.type === 'Document' && documentId === null) documentId = event.requestId;
    });
    cdp.on('Network.loadingFailed', (event) => scriptsLoading.delete(event.requestId));
    cdp.on('Network.loadingFinished', (event) => {
      const traced = trace.get(event.requestId);
      if (traced) Object.assign(traced, { end: event.timestamp, bytes: event.encodedDataLength });
      if (event.requestId === documentId) documentBytes = event.encodedDataLength;
      if (!scripts.has(event.requestId)) return;
      scripts.set(event.requestId, event.encodedDataLength);
      scriptsLoading.delete(event.requestId);
      if (takenOver) return;
      scriptBytesBeforeInput += event.encodedDataLength;
      scriptUrlsBeforeInput.push(scriptUrls.get(event.requestId));
    });
    await page.addInitScript(() => {
      window.__bench = { blocking: 0, hydratedAt: null };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__bench.blocking += Math.max(0, entry.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      const mark = () => {
        if (window.__bench.hydratedAt === null && document.documentElement.dataset.hydrated) {
          window.__bench.hydratedAt = performance.now();
          return true;
        }
        return false;
      };
      new MutationObserver(mark).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-hydrated'],
      });
      document.addEventListener('DOMContentLoaded', mark);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench?.hydratedAt !== null, null, { timeout: 120_000, polling: 50 });
    takenOver = true;
    const hydratedAt = await page.evaluate(() => window.__bench.hydratedAt);
    // The first Next is pressed as soon as a click counts, as a respondent quick to move on (or one who pressed it
    // before) meets it: with whatever the page asks for after its take-over still on its way.
    const nextTimes = [];
    for (let step = 1; step < pageCount; step += 1) {
      const took = await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const heading = () =>
              document.querySelector('#survey-page-heading, section:not([hidden]) h2.page, .sd-page__title')
                ?.textContent ?? '';
            const before = heading();
            const start = performance.now();
            const timer = setTimeout(() => reject(new Error(`no next page after "${before}"`)), 30_000);
            const at = start;
            let waited = false;
            const observer = new MutationObserver(() => {
              // A page still waiting for its words has no heading yet: the next page is the one with its questions.
              if (heading() === '') waited = true;
              if (heading() === before || heading() === '') return;
              observer.disconnect();
              clearTimeout(timer);
              // Painted: the frame after the change.
              requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - start, waited, at }), 0));
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
            (document.getElementById('survey-next') ?? document.querySelector('.sd-navigation__next-btn')).click();
          }),
      );
      nextTimes.push(took.ms);
      if (process.env.BENCH_TRACE) console.log(`  click for page ${step + 1} at ${Math.round(took.at)} ms`);
      if (process.env.BENCH_VERBOSE) {
        // The heap after each move draws the collector's cycle: where a walk ends in it decides the heap at the end.
        const { usedSize: heapNow } = await cdp.send('Runtime.getHeapUsage');
        console.log(
          `  ${url}: page ${step + 1} in ${Math.round(took.ms)} ms${took.waited ? ', waiting for its words' : ''}, ` +
            `heap ${(heapNow / 1024 / 1024).toFixed(2)} MB`,
        );
      }
    }
    await page.waitForTimeout(300);
    if (process.env.BENCH_TRACE) {
      console.log(`  taken over at ${Math.round(hydratedAt)} ms`);
      for (const { url: requested, start, end, bytes } of trace.values()) {
        const ms = (timestamp) => (timestamp === null ? '…' : Math.round((timestamp - traceOrigin) * 1000));
        console.log(
          `  ${ms(start)}–${ms(end)} ms ${(bytes / 1024).toFixed(1)} KB ${requested.replace(/^https?:\/\/[^/]+/, '')}`,
        );
      }
    }
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    // What the page keeps, as against what the collector had not yet freed when the walk ended.
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize: retainedSize } = await cdp.send('Runtime.getHeapUsage');
    const blocking = await page.evaluate(() => window.__bench.blocking);
    for (let waited = 0; scriptsLoading.size > 0 && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    const scriptBytesWalk = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    let gzipBytesBeforeInput = 0;
    for (const scriptUrl of scriptUrlsBeforeInput) gzipBytesBeforeInput += await gzipSize(scriptUrl);
    return {
      takenOverMs: hydratedAt,
      nextPageMs: median(nextTimes),
      firstNextPageMs: nextTimes[0] ?? null,
      htmlKb: documentBytes / 1024,
      jsBeforeInputKb: scriptBytesBeforeInput / 1024,
      jsBeforeInputGzipKb: gzipBytesBeforeInput / 1024,
      jsWalkKb: scriptBytesWalk / 1024,
      heapMb: usedSize / 1024 / 1024,
      retainedHeapMb: retainedSize / 1024 / 1024,
      blockingMs: blocking,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Each page (its name → its URL and page count) measured RUNS times, the pages taking turns and the order reversed
 * each round, so that the machine's drift falls alike on each: the median of each figure, and each walk's take-over
 * and next page.
 */
async function measureSideBySide(pages) {
  const names = Object.keys(pages);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const name of run % 2 ? [...names].reverse() : names) runs[name].push(await measurePage(...pages[name]));
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        ...Object.fromEntries(
          Object.keys(runs[name][0]).map((key) => [key, median(runs[name].map((run) => run[key]))]),
        ),
        walks: runs[name].map(({ takenOverMs, nextPageMs, firstNextPageMs }) => ({
          takenOverMs,
          nextPageMs,
          firstNextPageMs,
        })),
      },
    ]),
  );
}

// --- server rendering throughput ---------------------------------------------------------------------------------

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a server process has used so far, in ms (Linux's /proc; null elsewhere, or for no process). Per page
 * served it is steadier than pages/s, which moves with this machine's speed from one minute to the next.
 */
function processCpuMs(pid) {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

let benchRequest = 0;

/**
 * Pages per second at `concurrency` requests at a time. Requests alike share one render per second
 * (scripts/page-cache.mjs), as the first visits of a survey link do; `everyRendered` makes each request differ (by
 * a header of its own) so that each is rendered, which is what the renderer itself costs.
 */
async function throughput(url, { pid, concurrency = 50, seconds = 8, everyRendered = false } = {}) {
  const cpuBefore = processCpuMs(pid);
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  let failed = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const start = performance.now();
      try {
        const headers = { 'accept-language': 'en' };
        if (everyRendered) headers['x-bench-request'] = String((benchRequest += 1));
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) failed += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const cpuAfter = processCpuMs(pid);
  return {
    pagesPerSecond: latencies.length / elapsed,
    cpuMsPerPage: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / latencies.length,
    p50Ms: sorted[Math.floor(sorted.length * 0.5)],
    p99Ms: sorted[Math.floor(sorted.length * 0.99)],
    failed,
  };
}

// --- the run -----------------------------------------------------------------------------------------------------

const nextBuild = (...dir) => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', ...dir], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
};
if (!args.includes('--skip-build')) nextBuild();
// Built every run (10 s): it has no build of its own to go stale beside the app's.
nextBuild(NEXT_ALONE_DIR);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
const surveys = SIZES.map(surveyOf);
for (const survey of surveys) {
  const file = path.join(dataDir, `${survey.survey_code}.json`);
  fs.writeFileSync(file, JSON.stringify(survey));
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/survey-import.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' },
    stdio: 'ignore',
  });
}
const app = spawn(process.execPath, ['scripts/server.mjs', '-H', '127.0.0.1', '-p', String(APP_PORT)], {
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'production' },
  stdio: 'ignore',
});
const nextAloneServer = spawn(
  process.execPath,
  ['scripts/server.mjs', '--dir', NEXT_ALONE_DIR, '-H', '127.0.0.1', '-p', String(NEXT_ALONE_PORT)],
  { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'ignore' },
);
const statics = await staticServer(
  new Map([
    ...surveys.map((survey) => [`/${survey.survey_code}`, staticHtml(survey)]),
    ...surveys.map((survey) => [`/surveyjs/${survey.survey_code}`, surveyJsHtml(survey)]),
    ...surveyJsFiles(),
  ]),
);
const results = { measuredAt: new Date().toISOString(), runs: RUNS, machine: `${os.cpus().length} cores`, sizes: {} };
try {
  await waitFor(`http://127.0.0.1:${APP_PORT}/en`);
  await waitForBrotli(`http://127.0.0.1:${APP_PORT}`);
  const floorUrl = `http://127.0.0.1:${APP_PORT}/en/survey-message`;
  const nextAloneUrl = `http://127.0.0.1:${NEXT_ALONE_PORT}/`;
  await waitFor(nextAloneUrl);
  await waitForBrotli(`http://127.0.0.1:${NEXT_ALONE_PORT}`, path.join(NEXT_ALONE_DIR, '.next'));
  for (const url of [floorUrl, nextAloneUrl]) {
    for (let warm = 0; warm < 3; warm += 1) await (await fetch(url)).arrayBuffer();
  }
  console.error('measuring the floor (a page of this app with no survey) and Next alone…');
  const serverThroughput = async (url, pid) => ({
    shared: await throughput(url, { pid }),
    rendered: await throughput(url, { pid, everyRendered: true }),
  });
  const floors = await measureSideBySide({ floor: [floorUrl, 1], nextAlone: [nextAloneUrl, 1] });
  results.floor = { page: floors.floor, ssr: await serverThroughput(floorUrl, app.pid) };
  results.nextAlone = { page: floors.nextAlone, ssr: await serverThroughput(nextAloneUrl, nextAloneServer.pid) };
  for (const survey of surveys) {
    const code = survey.survey_code;
    const appUrl = `http://127.0.0.1:${APP_PORT}/en/survey/${code}`;
    const staticUrl = `http://127.0.0.1:${STATIC_PORT}/${code}`;
    const surveyJsUrl = `http://127.0.0.1:${STATIC_PORT}/surveyjs/${code}`;
    // Warm the server's caches, as a deployed server is.
    for (let warm = 0; warm < 3; warm += 1) await (await fetch(appUrl)).arrayBuffer();
    console.error(`measuring ${code}…`);
    const pages = await measureSideBySide({
      static: [staticUrl, survey.pages.length],
      surveyJs: [surveyJsUrl, survey.pages.length],
      app: [appUrl, survey.pages.length],
    });
    results.sizes[code] = {
      questions: survey.pages.reduce((sum, page) => sum + page.widgets.length, 0),
      ...pages,
      ssr: { static: await throughput(staticUrl), app: await serverThroughput(appUrl, app.pid) },
    };
  }
} finally {
  app.kill('SIGTERM');
  nextAloneServer.kill('SIGTERM');
  statics.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const engines = (script) =>
  execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' }).trim().split('\n');
const logicLine = engines('scripts/bench-logic.ts').find((line) => line.startsWith('best round')) ?? '';
const [, logicMedian, logicP95] = /median ([\d.]+) ms, p95 ([\d.]+) ms/.exec(logicLine) ?? [];
results.logic = { medianMsPerChange: Number(logicMedian), p95MsPerChange: Number(logicP95) };
results.validation = JSON.parse(engines('scripts/bench/validation-bench.ts').at(-1));

// --- the table ---------------------------------------------------------------------------------------------------

const rows = [];
const format = (value, digits = 0) => (value === null || value === undefined ? '—' : value.toFixed(digits));
const ratio = (app, base) => (app && base ? `${(app / base).toFixed(1)}×` : '—');
const floor = results.floor;
const nextAlone = results.nextAlone;
for (const [code, size] of Object.entries(results.sizes)) {
  const line = (label, key, digits = 0) => {
    // The floors have one page: no walk.
    const walked = key === 'nextPageMs' || key === 'firstNextPageMs';
    rows.push([
      `${code}: ${label}`,
      format(size.static[key], digits),
      format(size.surveyJs[key], digits),
      walked ? '' : format(nextAlone.page[key], digits),
      walked ? '' : format(floor.page[key], digits),
      format(size.app[key], digits),
      ratio(size.app[key], size.static[key]),
      ratio(size.app[key], size.surveyJs[key]),
    ]);
  };
  line('client took over, ms', 'takenOverMs');
  line('next page, median ms', 'nextPageMs');
  line('next page, the first (Next pressed at the take-over), ms', 'firstNextPageMs');
  line('HTML of the first page, KB (transferred)', 'htmlKb', 1);
  line('JS before the first input, KB (transferred)', 'jsBeforeInputKb', 1);
  line('JS before the first input, KB in gzip -9', 'jsBeforeInputGzipKb', 1);
  line('JS over the walk, KB (transferred)', 'jsWalkKb', 1);
  line('JS heap at the end, MB', 'heapMb', 1);
  line('JS heap kept (after garbage collection), MB', 'retainedHeapMb', 1);
  line('main-thread blocking, ms', 'blockingMs');
  for (const [mode, label] of [
    ['shared', 'shared within a second'],
    ['rendered', 'every request rendered'],
  ]) {
    const app = size.ssr.app[mode];
    rows.push([
      `${code}: server pages/s at 50 concurrent, ${label} (p99 ms)`,
      `${format(size.ssr.static.pagesPerSecond)} (${format(size.ssr.static.p99Ms)})`,
      '',
      `${format(nextAlone.ssr[mode].pagesPerSecond)} (${format(nextAlone.ssr[mode].p99Ms)})`,
      `${format(floor.ssr[mode].pagesPerSecond)} (${format(floor.ssr[mode].p99Ms)})`,
      `${format(app.pagesPerSecond)} (${format(app.p99Ms)})`,
      ratio(size.ssr.static.pagesPerSecond, app.pagesPerSecond),
      '',
    ]);
    rows.push([
      `${code}: server CPU per page, ${label}, ms`,
      '',
      '',
      format(nextAlone.ssr[mode].cpuMsPerPage, 1),
      format(floor.ssr[mode].cpuMsPerPage, 1),
      format(app.cpuMsPerPage, 1),
      '',
      '',
    ]);
  }
}
const appOnly = (label, value) => [label, '', '', '', '', value, '', ''];
rows.push(
  appOnly('logic engine, 500 questions × 300 rules, p95 ms per change', format(results.logic.p95MsPerChange, 3)),
);
rows.push(
  appOnly('validation of a 1 MB answer, slowest check, ms', format(results.validation.validation_1mb_max_ms, 1)),
);
const header = [
  'figure (390 px phone, 4× CPU, slow 4G; median of ' + RUNS + ')',
  'static HTML',
  'SurveyJS',
  'Next alone',
  'app, no survey',
  'this app',
  '÷ static',
  '÷ SurveyJS',
];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
const print = (row) => console.log(`| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`);
print(header);
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
rows.forEach(print);
console.log(
  '(÷ static: this app ÷ static HTML, for pages/s static ÷ this app, so above 1× is slower either way; ' +
    '÷ SurveyJS: this app ÷ SurveyJS, so below 1× is faster)',
);
fs.mkdirSync(OUT_DIR, { recursive: true });
fs.writeFileSync(path.join(OUT_DIR, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`written: ${path.join(OUT_DIR, 'bench.json')}`);
