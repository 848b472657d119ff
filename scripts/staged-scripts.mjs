// On HTTP/1.1 a phone downloads a page's scripts side by side, each with a share of the link, so React DOM, the
// largest, arrived last, with the page's own chunks: the client could start only once every byte was in, and then
// spent 270 to 295 ms (4× CPU, 50 questions) evaluating React DOM and Next's router, then hydrating. The page cache
// (scripts/page-cache.mjs) therefore stages a page's own entry chunks: the framework's scripts (`rootMainFiles`) are
// requested first, and the page's async scripts once all the framework's scripts but its two largest (React DOM and
// Next's router) have arrived, by a small inline script in their place. The framework then evaluates while the
// page's chunks are still downloading, and hydration starts as they arrive. The widgets' preloads stay in the head:
// they are small and low in priority, so they download early and no round trip of theirs is left for the end.
// README "Performance" has the measurements, among them the other moments tried (after React DOM itself the link
// idles for a round trip).
import fs from 'node:fs';
import path from 'node:path';

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
 * Runs in the browser, as the page's head is parsed: adds the staged scripts once every script of `startAfter` has
 * arrived or failed, each with the `async` attribute React looks for (`script[async][src=…]`) before it adds one of
 * its own. Stringified into the page, so it uses nothing from this module.
 * @param {string[]} staged
 * @param {string[]} startAfter
 */
export function startStagedScripts(staged, startAfter) {
  const nonce = document.currentScript?.nonce ?? '';
  const waiting = new Set(startAfter);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const url of staged) {
      if (document.querySelector(`script[src="${url}"]`)) continue;
      const script = document.createElement('script');
      script.setAttribute('async', '');
      script.setAttribute('src', url);
      script.nonce = nonce;
      document.head.appendChild(script);
    }
  };
  const arrived = (url) => {
    waiting.delete(url);
    if (waiting.size === 0) start();
  };
  for (const url of startAfter) {
    const element = document.querySelector(`script[src="${url}"],link[rel="preload"][href="${url}"]`);
    const loaded = (performance.getEntriesByName?.(new URL(url, location.href).href) ?? []).length > 0;
    if (!element || loaded) {
      arrived(url);
      continue;
    }
    element.addEventListener('load', () => arrived(url));
    element.addEventListener('error', () => arrived(url));
  }
  if (waiting.size === 0) start();
}

/**
 * A page's HTML with the async build scripts of its head that are not the framework's taken out and started by an
 * inline script under `nonce` (`startStagedScripts`). Unchanged when there is nothing to stage, no framework script
 * to wait for, or the page is staged already.
 * @param {string} html
 * @param {{ framework: string[], startAfter: string[] }} scripts `frameworkScriptsOf`
 * @param {string | undefined} nonce the response's own (from its CSP)
 */
export function stagePageScripts(html, { framework, startAfter }, nonce) {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || startAfter.length === 0) return html;
  const head = html.slice(0, headEnd);
  if (head.includes(STAGER_ATTRIBUTE)) return html;
  const staged = [];
  const keptHead = head.replace(SCRIPT, (element) => {
    const url = attribute(element, 'src');
    if (!url || !BUILD_SCRIPT.test(url) || framework.includes(url)) return element;
    if (!hasAttribute(element, 'async') || hasAttribute(element, 'nomodule')) return element;
    if (!staged.includes(url)) staged.push(url);
    return '';
  });
  if (staged.length === 0) return html;
  const nonceAttribute = nonce && /^[A-Za-z0-9+/=_-]+$/.test(nonce) ? ` nonce="${nonce}"` : '';
  // The URLs match BUILD_SCRIPT, so their JSON cannot close the script.
  const stager = `<script${nonceAttribute} ${STAGER_ATTRIBUTE}="">(${startStagedScripts})(${JSON.stringify(staged)},${JSON.stringify(startAfter)})</script>`;
  return keptHead + stager + html.slice(headEnd);
}

/** The scripts a staged page starts by its inline script, in order, and those it waits for (for tools and tests). */
export function stagedScriptsOf(html) {
  const content = new RegExp(`<script[^>]*\\s${STAGER_ATTRIBUTE}=""[^>]*>([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (!content) return { staged: [], startAfter: [] };
  const [staged, startAfter] = JSON.parse(`[${content.slice(content.lastIndexOf(')([') + 2, -1)}]`);
  return { staged, startAfter };
}
