// @vitest-environment jsdom
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { frameworkScriptsOf, stagedScriptsOf, stagePageScripts, startStagedScripts } from './staged-scripts.mjs';

const NONCE = 'ZDAxYjlhNmEtYmNiNi00ODg3LWJhMTMtYjE5ZTQ3MGYzM2Rk';
const chunk = (name: string) => `/_next/static/chunks/${name}`;
const SCRIPTS = {
  framework: [chunk('runtime.js'), chunk('react-dom.js'), chunk('router.js'), chunk('turbopack.js')],
  startAfter: [chunk('runtime.js'), chunk('turbopack.js')],
};

/** A page's head as Next 16 writes it (scripts/script-preloads.test.ts), then a body that names a chunk in its data. */
const page = [
  '<!DOCTYPE html><html><head>',
  `<link rel="stylesheet" href="/_next/static/chunks/page.css" nonce="${NONCE}" data-precedence="next"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="${chunk('runtime.js')}"/>`,
  `<script src="${chunk('react-dom.js')}" async="" nonce="${NONCE}"></script>`,
  `<script src="${chunk('router.js')}" async="" nonce="${NONCE}"></script>`,
  `<script src="${chunk('turbopack.js')}" async="" nonce="${NONCE}"></script>`,
  `<script src="${chunk('layout.js')}" async="" nonce="${NONCE}"></script>`,
  `<script src="${chunk('survey-page.js')}" async="" nonce="${NONCE}"></script>`,
  `<link rel="preload" href="${chunk('widget.js')}" as="script" nonce="${NONCE}" fetchPriority="low"/>`,
  `<script src="${chunk('polyfills.js')}" noModule="" nonce="${NONCE}"></script>`,
  `<script nonce="${NONCE}">(self.__next_s=self.__next_s||[]).push([0])</script>`,
  '</head><body>',
  `<script src="${chunk('body.js')}" async=""></script>`,
  `<script nonce="${NONCE}">self.__next_f.push([1,"\\"${chunk('survey-page.js')}\\""])</script>`,
  '</body></html>',
].join('');

describe('staging a page’s own scripts behind the framework’s', () => {
  it('takes the page’s own async scripts out of its head, in order, and starts them inline', () => {
    const staged = stagePageScripts(page, SCRIPTS, NONCE);
    expect(stagedScriptsOf(staged)).toEqual({
      staged: [chunk('layout.js'), chunk('survey-page.js')],
      startAfter: SCRIPTS.startAfter,
      bundled: {},
    });
    const head = staged.slice(0, staged.indexOf('</head>'));
    expect(head).not.toContain(`<script src="${chunk('layout.js')}"`);
    expect(head).not.toContain(`<script src="${chunk('survey-page.js')}"`);
    // The framework's scripts, the widget's preload, the stylesheet, the legacy polyfill and inline scripts stay.
    for (const kept of [
      `<script src="${chunk('react-dom.js')}" async="" nonce="${NONCE}"></script>`,
      `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="${chunk('runtime.js')}"/>`,
      `<link rel="preload" href="${chunk('widget.js')}" as="script" nonce="${NONCE}" fetchPriority="low"/>`,
      `<script src="${chunk('polyfills.js')}" noModule="" nonce="${NONCE}"></script>`,
      '<link rel="stylesheet" href="/_next/static/chunks/page.css"',
      '(self.__next_s=self.__next_s||[]).push([0])',
    ])
      expect(head).toContain(kept);
    expect(head).toMatch(new RegExp(`<script nonce="${NONCE}" data-staged-scripts="">\\(function startStagedScripts`));
    // The body is not the head: what it holds is left as it is.
    expect(staged.slice(staged.indexOf('</head>'))).toBe(page.slice(page.indexOf('</head>')));
  });

  it('stages a page once, and leaves alone a page with nothing to stage or no framework script to wait for', () => {
    const staged = stagePageScripts(page, SCRIPTS, NONCE);
    expect(stagePageScripts(staged, SCRIPTS, NONCE)).toBe(staged);
    expect(stagePageScripts(page, { framework: SCRIPTS.framework, startAfter: [] }, NONCE)).toBe(page);
    const frameworkOnly = `<html><head><script src="${chunk('react-dom.js')}" async=""></script></head></html>`;
    expect(stagePageScripts(frameworkOnly, SCRIPTS, NONCE)).toBe(frameworkOnly);
    expect(stagePageScripts('<p>no head</p>', SCRIPTS, NONCE)).toBe('<p>no head</p>');
  });

  it('writes no nonce that could break out of its quotes', () => {
    expect(stagePageScripts(page, SCRIPTS, 'x" onload="alert(1)')).toContain('<script data-staged-scripts="">');
  });
});

describe('bundling a page’s scripts (scripts/script-bundles.mjs)', () => {
  const prepared: string[] = [];
  const bundles = {
    bundleable: (url: string) => url !== chunk('polyfills.js'),
    order: (urls: string[]) => [...urls].sort(),
    prepare: (url: string) => prepared.push(url),
  };
  const frameworkBundle = '/_next/static/chunks/bundle~runtime~turbopack.js';
  const pageBundle = '/_next/static/chunks/bundle~layout~survey-page~widget.js';
  const bundledPage = page.replace(
    '</body>',
    `<script src="${chunk('runtime.js')}" nonce="${NONCE}" async=""></script></body>`,
  );

  it('names the framework’s smaller scripts as one bundle where the first was, and starts the page’s own as another', () => {
    const html = stagePageScripts(bundledPage, SCRIPTS, NONCE, bundles);
    expect(stagedScriptsOf(html)).toEqual({
      staged: [pageBundle],
      startAfter: [frameworkBundle],
      bundled: {
        [frameworkBundle]: [chunk('runtime.js'), chunk('turbopack.js')],
        [pageBundle]: [chunk('layout.js'), chunk('survey-page.js'), chunk('widget.js')],
      },
    });
    expect(prepared).toEqual([frameworkBundle, pageBundle]);
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<(?:script|link)\s[^>]*>/g)].map(([tag]) => tag);
    // The inline script before all, so it hears each arrival; then the bundle, each chunk's placeholder (never
    // fetched or run), then React DOM and the router as they were.
    expect(scripts[0]).toBe(`<script nonce="${NONCE}" data-staged-scripts="">`);
    expect(scripts.slice(2, 9)).toEqual([
      `<script src="${frameworkBundle}" async="" nonce="${NONCE}">`,
      ...['runtime.js', 'turbopack.js', 'layout.js', 'survey-page.js', 'widget.js'].map(
        (name) => `<script type="text/x-bundled" async="" src="${chunk(name)}">`,
      ),
      `<script src="${chunk('react-dom.js')}" async="" nonce="${NONCE}">`,
    ]);
    expect(head).not.toContain(`href="${chunk('widget.js')}"`);
    expect(head).not.toContain(`href="${chunk('runtime.js')}"`);
    expect(head).toContain(`<script src="${chunk('polyfills.js')}" noModule=""`);
    // The body's framework script is in the bundle too; the chunk its data names is left to the runtime.
    const body = html.slice(html.indexOf('</head>'));
    expect(body).not.toContain(`<script src="${chunk('runtime.js')}"`);
    expect(body).toContain(`<script src="${chunk('body.js')}" async=""></script>`);
    expect(body).toContain(`self.__next_f.push([1,"\\"${chunk('survey-page.js')}\\""])`);
  });

  it('names one bundle for one set of page chunks, whatever order the render wrote them in', () => {
    const layout = `<script src="${chunk('layout.js')}" async="" nonce="${NONCE}"></script>`;
    const surveyPage = `<script src="${chunk('survey-page.js')}" async="" nonce="${NONCE}"></script>`;
    const reordered = bundledPage.replace(layout + surveyPage, surveyPage + layout);
    expect(reordered).not.toBe(bundledPage);
    for (const html of [bundledPage, reordered]) {
      const { staged, bundled } = stagedScriptsOf(stagePageScripts(html, SCRIPTS, NONCE, bundles));
      expect(staged).toEqual([pageBundle]);
      expect(bundled[pageBundle]).toEqual([chunk('layout.js'), chunk('survey-page.js'), chunk('widget.js')]);
    }
  });

  it('leaves as they are the chunks a bundle cannot take, and makes no bundle of one chunk', () => {
    const html = stagePageScripts(page, SCRIPTS, NONCE, {
      bundleable: (url: string) => url === chunk('runtime.js') || url === chunk('layout.js'),
      prepare: () => undefined,
    });
    expect(stagedScriptsOf(html)).toEqual({
      staged: [chunk('layout.js'), chunk('survey-page.js')],
      startAfter: SCRIPTS.startAfter,
      bundled: {},
    });
    expect(html).not.toContain('text/x-bundled');
  });
});

describe('the inline script that starts them', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  function frameworkInHead() {
    document.head.innerHTML = [
      `<link rel="preload" as="script" href="${chunk('runtime.js')}">`,
      `<script async src="${chunk('react-dom.js')}"></script>`,
      `<script async src="${chunk('turbopack.js')}"></script>`,
    ].join('');
    return (url: string) => document.head.querySelector(`[src="${url}"],[href="${url}"]`)!;
  }
  const STAGED = [chunk('layout.js'), chunk('survey-page.js')];

  it('adds the staged scripts once every framework script it waits for has arrived or failed, and only then', () => {
    const element = frameworkInHead();
    startStagedScripts(STAGED, SCRIPTS.startAfter);
    expect(document.head.querySelector(`[src="${chunk('survey-page.js')}"]`)).toBeNull();
    element(chunk('runtime.js')).dispatchEvent(new Event('load'));
    expect(document.head.querySelector(`[src="${chunk('survey-page.js')}"]`)).toBeNull();
    element(chunk('turbopack.js')).dispatchEvent(new Event('error'));
    // As React looks for a script before adding its own (`script[async][src=…]`), in the page's order.
    expect(
      [...document.head.querySelectorAll('script[async]')].map((script) => script.getAttribute('src')).slice(-2),
    ).toEqual(STAGED);
    element(chunk('runtime.js')).dispatchEvent(new Event('load'));
    expect(document.head.querySelectorAll(`[src="${chunk('survey-page.js')}"]`)).toHaveLength(1);
  });

  it('starts at once when a script it waits for is not on the page, and adds none that is there already', () => {
    document.head.innerHTML = `<script async src="${chunk('survey-page.js')}"></script>`;
    startStagedScripts(STAGED, SCRIPTS.startAfter);
    expect(document.head.querySelectorAll(`[src="${chunk('survey-page.js')}"]`)).toHaveLength(1);
    expect(document.head.querySelectorAll(`[src="${chunk('layout.js')}"]`)).toHaveLength(1);
  });
});

describe('the inline script, when a bundle fails', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });
  const bundle = '/_next/static/chunks/bundle~layout~survey-page.js';
  const frameworkBundle = '/_next/static/chunks/bundle~runtime~turbopack.js';
  const placeholders = (names: string[]) =>
    names.map((name) => `<script type="text/x-bundled" async="" src="${chunk(name)}"></script>`).join('');
  const realScripts = () =>
    [...document.head.querySelectorAll('script:not([type])')].map((script) => script.getAttribute('src'));

  it('asks for each of its chunks in place of its placeholder, once', () => {
    document.head.innerHTML = `<script async src="${frameworkBundle}"></script>${placeholders(['runtime.js', 'turbopack.js', 'layout.js', 'survey-page.js'])}`;
    startStagedScripts([bundle], [frameworkBundle], {
      [frameworkBundle]: [chunk('runtime.js'), chunk('turbopack.js')],
      [bundle]: [chunk('layout.js'), chunk('survey-page.js')],
    });
    document.head.querySelector(`[src="${frameworkBundle}"]`)!.dispatchEvent(new Event('error'));
    // The framework's chunks one by one, then the page's bundle, started as the failure counts as an arrival.
    expect(realScripts()).toEqual([frameworkBundle, chunk('runtime.js'), chunk('turbopack.js'), bundle]);
    document.head.querySelector(`[src="${bundle}"]`)!.dispatchEvent(new Event('error'));
    expect(realScripts().slice(-2)).toEqual([chunk('layout.js'), chunk('survey-page.js')]);
    expect(document.head.querySelectorAll('script[type]')).toHaveLength(0);
  });
});

describe('the inline script, when a script it adds fails', () => {
  const page = 'http://localhost/survey/abc';
  const reload = vi.fn();
  afterEach(() => {
    document.head.innerHTML = '';
    sessionStorage.clear();
    reload.mockClear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const bundle = '/_next/static/chunks/bundle~survey-page~widget.js';
  const widget = chunk('widget.js');
  const scriptsOf = (url: string) => document.head.querySelectorAll(`script[src="${url}"]:not([type])`);
  const fail = (url: string) => scriptsOf(url)[0]!.dispatchEvent(new Event('error'));
  /** The audit's case: the first page's bundle fails, then its widget's chunk asked for on its own. */
  function widgetFailing() {
    vi.stubGlobal('location', { href: page, reload });
    document.head.innerHTML = ['survey-page.js', 'widget.js']
      .map((name) => `<script type="text/x-bundled" async="" src="${chunk(name)}"></script>`)
      .join('');
    startStagedScripts([bundle], [], { [bundle]: [chunk('survey-page.js'), widget] });
    fail(bundle);
    const first = scriptsOf(widget)[0];
    fail(widget);
    return first;
  }

  it('asks for it once more in a fresh tag, in place of the failed one the runtime would wait on', () => {
    const first = widgetFailing();
    expect(scriptsOf(widget)).toHaveLength(1);
    expect(scriptsOf(widget)[0]).not.toBe(first);
    expect(scriptsOf(widget)[0]!.hasAttribute('async')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when it fails again, and marks the reload so that the reloaded page does not reload again', () => {
    widgetFailing();
    fail(widget);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('staged-scripts-reloaded')).toBe(page);
    document.head.innerHTML = '';
    widgetFailing();
    fail(widget);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later load of the page (the respondent's own reload) may reload once again.
    expect(sessionStorage.getItem('staged-scripts-reloaded')).toBeNull();
  });

  it('does not reload without session storage, where a loop could not be told', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    widgetFailing();
    fail(widget);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, waits to be online before it asks again', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('location', { href: page, reload });
    document.head.innerHTML = '';
    startStagedScripts([widget], []);
    const first = scriptsOf(widget)[0];
    fail(widget);
    expect(scriptsOf(widget)[0]).toBe(first);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(scriptsOf(widget)).toHaveLength(1);
    expect(scriptsOf(widget)[0]).not.toBe(first);
  });

  it('asks once more for a framework script it waits for that failed, and starts the page’s own', () => {
    vi.stubGlobal('location', { href: page, reload });
    document.head.innerHTML = `<script async src="${chunk('turbopack.js')}"></script>`;
    const failed = scriptsOf(chunk('turbopack.js'))[0];
    startStagedScripts([widget], [chunk('turbopack.js')]);
    fail(chunk('turbopack.js'));
    expect(scriptsOf(chunk('turbopack.js'))).toHaveLength(1);
    expect(scriptsOf(chunk('turbopack.js'))[0]).not.toBe(failed);
    expect(scriptsOf(widget)).toHaveLength(1);
  });
});

describe('the framework’s scripts of a build', () => {
  let nextDir: string;
  afterEach(() => rm(nextDir, { recursive: true, force: true }));

  it('are its rootMainFiles, and a page’s own start once all but the two largest have arrived', async () => {
    nextDir = await mkdtemp(path.join(os.tmpdir(), 'staged-scripts-'));
    await mkdir(path.join(nextDir, 'static', 'chunks'), { recursive: true });
    const sizes = { 'runtime.js': 2, 'react-dom.js': 200, 'router.js': 100, 'turbopack.js': 10 };
    for (const [name, size] of Object.entries(sizes))
      await writeFile(path.join(nextDir, 'static', 'chunks', name), 'x'.repeat(size));
    await writeFile(
      path.join(nextDir, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: Object.keys(sizes).map((name) => `static/chunks/${name}`) }),
    );
    expect(frameworkScriptsOf(nextDir)).toEqual(SCRIPTS);
  });

  it('are none without a build', async () => {
    nextDir = await mkdtemp(path.join(os.tmpdir(), 'staged-scripts-'));
    expect(frameworkScriptsOf(nextDir)).toEqual({ framework: [], startAfter: [] });
  });
});
