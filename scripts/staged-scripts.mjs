// On HTTP/1.1 a phone downloads a page's scripts side by side, each with a share of the link, so React DOM, the
// largest, arrived last, with the page's own chunks: the client could start only once every byte was in, and then
// spent 270 to 295 ms (4× CPU, 50 questions) evaluating React DOM and Next's router, then hydrating. The page cache
// (scripts/page-cache.mjs) therefore stages a page's own entry chunks: the framework's scripts (`rootMainFiles`) are
// requested first, and the page's async scripts once all the framework's scripts but its two largest (React DOM and
// Next's router) have arrived, by a small inline script in their place. The framework then evaluates while the
// page's chunks are still downloading, and hydration starts as they arrive. With the build's bundles
// (scripts/script-bundles.mjs) the framework's smaller scripts come as one file and the page's own, with its first
// page's widgets, as another: the inline script starts that one once the first has arrived.
// docs/performance-history.md (c784aaf) has the measurements, among them the other moments tried (after React DOM
// itself the link idles for a round trip).
import fs from 'node:fs';
import path from 'node:path';
import { bundleUrlOf, PLACEHOLDER_TYPE } from './script-bundles.mjs';

/** An empty `<script …></script>`, as Next writes an async build script: owner text cannot forge one, React writes its `<` as `&lt;` or `\u003c`. */
const SCRIPT = /<script\s[^>]*><\/script>/gi;
const BUILD_SCRIPT = /^\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js$/;
/** Marks the inline script, so that a page is staged once and tools can read what it starts (`stagedScriptsOf`). */
const STAGER_ATTRIBUTE = 'data-staged-scripts';
const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const hasAttribute = (tag, name) => new RegExp(`\\s${name}(?:[\\s=/>]|$)`, 'i').test(tag);

/**
 * The framework's scripts of a build (`rootMainFiles`) as the URLs pages name them by, and those among them whose
 * arrival starts a page's own scripts: all but the two largest. Empty when the build has no manifest.
 * @param {string} nextDir the build's `.next` folder
 * @returns {{ framework: string[], startAfter: string[] }}
 */
export function frameworkScriptsOf(nextDir) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'));
  } catch {
    return { framework: [], startAfter: [] };
  }
  const files = (manifest.rootMainFiles ?? []).filter((file) => BUILD_SCRIPT.test(`/_next/${file}`));
  const sizeOf = (file) => {
    try {
      return fs.statSync(path.join(nextDir, file)).size;
    } catch {
      return 0;
    }
  };
  const largestTwo = [...files].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 2);
  const url = (file) => `/_next/${file}`;
  return { framework: files.map(url), startAfter: files.filter((file) => !largestTwo.includes(file)).map(url) };
}

/**
 * Runs in the browser, before the page's head names any script: adds the staged scripts once every script of
 * `startAfter` has arrived or failed, each with the `async` attribute React looks for (`script[async][src=…]`) before it adds one of
 * its own. A bundle (`bundled`: its URL → its chunks' URLs) that fails is replaced by its chunks, each in place of
 * its placeholder, so the page loads as it would without bundles. Any other script it adds that fails is asked for
 * once more, and a second failure reloads the page (spec §2: a chunk that fails to load reloads it), once a load: the
 * runtime waits for a script it finds on the page, which never says it failed, so the page would never take over,
 * and the client's own reload (components/shell) listens only once it has. Offline, both wait to be online.
 * Stringified into the page, so it uses nothing from this module.
 * @param {string[]} staged
 * @param {string[]} startAfter
 * @param {Record<string, string[]>} [bundled]
 */
export function startStagedScripts(staged, startAfter, bundled = {}) {
  const nonce = document.currentScript?.nonce ?? '';
  const waiting = new Set(startAfter);
  let started = false;
  // The page this tab reloaded for a failed script, if this load is that reload: it does not reload again.
  const RELOADED = 'staged-scripts-reloaded';
  let reloaded = false;
  try {
    reloaded = sessionStorage.getItem(RELOADED) === location.href;
    sessionStorage.removeItem(RELOADED);
  } catch {
    // Without session storage a reload loop cannot be told from a first failure: no reload (`reload`).
  }
  const reload = () => {
    if (reloaded) return;
    try {
      sessionStorage.setItem(RELOADED, location.href);
    } catch {
      return;
    }
    reloaded = true;
    location.reload();
  };
  const add = (url) => {
    if (document.querySelector(`script[src="${url}"]:not([type])`)) return;
    const script = document.createElement('script');
    script.setAttribute('async', '');
    script.setAttribute('src', url);
    script.nonce = nonce;
    script.addEventListener('error', () => failed(url));
    document.head.appendChild(script);
  };
  const retried = new Set();
  const failed = (url) => {
    if (navigator.onLine === false) {
      window.addEventListener('online', () => failed(url), { once: true });
      return;
    }
    if (bundled[url]) unbundle(url);
    else if (retried.has(url)) reload();
    else {
      // A fresh tag in place of the failed one, which the runtime would otherwise find and wait on.
      retried.add(url);
      for (const script of document.querySelectorAll(`script[src="${url}"]:not([type])`)) script.remove();
      add(url);
    }
  };
  const unbundled = new Set();
  const unbundle = (bundle) => {
    if (unbundled.has(bundle)) return;
    unbundled.add(bundle);
    for (const url of bundled[bundle]) {
      for (const placeholder of document.querySelectorAll(`script[type][src="${url}"]`)) placeholder.remove();
      add(url);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    document.removeEventListener('load', settle, true);
    document.removeEventListener('error', settle, true);
    staged.forEach(add);
  };
  const arrived = (url) => {
    waiting.delete(url);
    if (waiting.size === 0) start();
  };
  // Listening on the document from before the head names any of them, every arrival and failure is heard, however
  // soon it comes (an async script may run, and fire `load`, before the parser reaches a script after it).
  const settle = (event) => {
    const url = event.target?.getAttribute?.('src') ?? event.target?.getAttribute?.('href');
    if (!waiting.has(url) || event.target.hasAttribute('type')) return;
    if (event.type === 'error') failed(url);
    arrived(url);
  };
  document.addEventListener('load', settle, true);
  document.addEventListener('error', settle, true);
  // Once the head is parsed: one the page does not name, or that came before this script (a test's page), is not
  // waited for; one that already failed is unbundled or asked for again (a browser that does not say counts it as
  // there).
  const parsed = () => {
    for (const url of [...waiting]) {
      const named = document.querySelector(`script[src="${url}"]:not([type]),link[rel="preload"][href="${url}"]`);
      const entries = performance.getEntriesByName?.(new URL(url, location.href).href) ?? [];
      if (entries.length > 0 && entries.every((entry) => entry.responseStatus === 0)) failed(url);
      if (!named || entries.length > 0) arrived(url);
    }
    if (waiting.size === 0) start();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
}

/** `<link rel="preload" as="script" href=…>` of a build script, as Next writes a widget's or a framework script's. */
const SCRIPT_PRELOAD = /<link\s[^>]*>/gi;
const isScriptPreload = (tag) =>
  attribute(tag, 'rel') === 'preload' &&
  attribute(tag, 'as') === 'script' &&
  BUILD_SCRIPT.test(attribute(tag, 'href') ?? '');

/**
 * A page's HTML with the async build scripts of its head that are not the framework's taken out and started by an
 * inline script under `nonce` (`startStagedScripts`). With `bundles` (scripts/script-bundles.mjs), the framework's
 * scripts but its two largest go in one bundle, named where the first of them was, and the page's own with its
 * widgets' preloaded chunks in another, which the inline script starts; each chunk keeps a placeholder, a script of a
 * type no browser runs, where Turbopack's runtime and React look for it before they add one of their own. Unchanged
 * when there is nothing to stage, no framework script to wait for, or the page is staged already.
 * @param {string} html
 * @param {{ framework: string[], startAfter: string[] }} scripts `frameworkScriptsOf`
 * @param {string | undefined} nonce the response's own (from its CSP)
 * @param {import('./script-bundles.mjs').PageBundles} [bundles]
 */
export function stagePageScripts(html, { framework, startAfter }, nonce, bundles) {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || startAfter.length === 0) return html;
  const head = html.slice(0, headEnd);
  if (head.includes(STAGER_ATTRIBUTE)) return html;
  const staged = [];
  let keptHead = head.replace(SCRIPT, (element) => {
    const url = attribute(element, 'src');
    if (!url || !BUILD_SCRIPT.test(url) || framework.includes(url)) return element;
    if (!hasAttribute(element, 'async') || hasAttribute(element, 'nomodule')) return element;
    if (!staged.includes(url)) staged.push(url);
    return '';
  });
  if (staged.length === 0) return html;
  let body = html.slice(headEnd);
  const nonceAttribute = nonce && /^[A-Za-z0-9+/=_-]+$/.test(nonce) ? ` nonce="${nonce}"` : '';
  let started = staged;
  let waitFor = startAfter;
  const bundled = {};
  if (bundles) {
    const frameworkChunks = startAfter.filter(bundles.bundleable);
    const widgetChunks = [...keptHead.matchAll(SCRIPT_PRELOAD)]
      .filter(([tag]) => isScriptPreload(tag))
      .map(([tag]) => attribute(tag, 'href'))
      .filter((url) => !framework.includes(url) && bundles.bundleable(url));
    const pageChunks = [...new Set([...staged.filter(bundles.bundleable), ...widgetChunks])];
    const inFramework = frameworkChunks.length > 1 ? frameworkChunks : [];
    // In one order for one set of chunks (`bundles.order`), so that a page has one bundle URL, which a repeat visit
    // finds in its cache and any instance serves compressed at its best. Next names a page's chunks in the order its
    // render reached them, which differs between a render that waited for the survey's read and one that shared it.
    const inPage = pageChunks.length > 1 ? bundles.order(pageChunks) : [];
    const bundledChunks = new Set([...inFramework, ...inPage]);
    if (bundledChunks.size > 0) {
      const placeholders = [...bundledChunks]
        .map((url) => `<script type="${PLACEHOLDER_TYPE}" async="" src="${url}"></script>`)
        .join('');
      const frameworkBundle = inFramework.length > 0 ? bundleUrlOf(inFramework) : null;
      let named = false;
      const name = () => {
        if (named) return '';
        named = true;
        const script = frameworkBundle ? `<script src="${frameworkBundle}" async=""${nonceAttribute}></script>` : '';
        return script + placeholders;
      };
      keptHead = keptHead.replace(/<(?:script|link)\s[^>]*>(?:<\/script>)?/gi, (element) => {
        const url = element.startsWith('<link')
          ? isScriptPreload(element)
            ? attribute(element, 'href')
            : null
          : attribute(element, 'src');
        if (!url || !bundledChunks.has(url) || hasAttribute(element, 'type')) return element;
        return inFramework.includes(url) ? name() : '';
      });
      keptHead += name();
      body = body.replace(SCRIPT, (element) => {
        const url = attribute(element, 'src');
        return url && inFramework.includes(url) && hasAttribute(element, 'async') ? '' : element;
      });
      if (frameworkBundle) {
        bundled[frameworkBundle] = inFramework;
        waitFor = [frameworkBundle, ...startAfter.filter((url) => !inFramework.includes(url))];
        bundles.prepare(frameworkBundle);
      }
      if (inPage.length > 0) {
        const pageBundle = bundleUrlOf(inPage);
        bundled[pageBundle] = inPage;
        started = [pageBundle, ...staged.filter((url) => !inPage.includes(url))];
        bundles.prepare(pageBundle);
      }
    }
  }
  const namedInHead = new Set(
    [...keptHead.matchAll(/<(?:script|link)\s[^>]*>/gi)].flatMap(([tag]) =>
      hasAttribute(tag, 'type') ? [] : [attribute(tag, 'src') ?? attribute(tag, 'href')],
    ),
  );
  waitFor = waitFor.filter((url) => namedInHead.has(url));
  // The URLs match BUILD_SCRIPT, so their JSON cannot close the script. It goes before the head's first script or
  // link, so that it hears each of them arrive.
  const stager = `<script${nonceAttribute} ${STAGER_ATTRIBUTE}="">(${startStagedScripts})(${JSON.stringify(started)},${JSON.stringify(waitFor)},${JSON.stringify(bundled)})</script>`;
  const first = keptHead.search(/<(?:script|link)[\s>]/i);
  return first < 0 ? keptHead + stager + body : keptHead.slice(0, first) + stager + keptHead.slice(first) + body;
}

/**
 * The scripts a staged page starts by its inline script, in order, those it waits for, and the chunks of each bundle
 * (for tools and tests).
 */
export function stagedScriptsOf(html) {
  const content = new RegExp(`<script[^>]*\\s${STAGER_ATTRIBUTE}=""[^>]*>([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!content) return { staged: [], startAfter: [], bundled: {} };
  const [staged, startAfter, bundled = {}] = JSON.parse(`[${content.slice(content.lastIndexOf(')([') + 2, -1)}]`);
  return { staged, startAfter, bundled };
}
