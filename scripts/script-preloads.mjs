// A phone asks for a page's scripts only once its main thread has committed the page and its parser has reached
// them: at 4× CPU that is 100 ms and more after the HTML's first bytes, while the link is idle. A `Link` header
// read at the response's arrival starts them at once. Next's header names the stylesheets only; the page cache
// (scripts/page-cache.mjs), which holds each page whole before sending it, adds the scripts the HTML names, in its
// order (the framework's first), each with the response's nonce (its CSP refuses a script preload without it).
// The header stays within MAX_LINK_LENGTH, React's own bound for the Link header it writes (`maxHeadersLength`):
// a proxy in front may refuse a response whose headers outgrow its buffer (nginx's is 4 KB by default).

export const MAX_LINK_LENGTH = 2000;

/** Opening `<script>` and `<link>` tags: owner text cannot forge one, React writes its `<` as `&lt;` or `\u003c`. */
const TAG = /<(script|link)\s[^>]*>/gi;
const NONCE = /^[A-Za-z0-9+/=_-]+$/;
const BUILD_SCRIPT = /^\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js$/;
/** A script's types a browser runs; a bundled chunk's placeholder (scripts/script-bundles.mjs) has one of its own. */
const RUN_TYPES = new Set([undefined, '', 'module', 'text/javascript', 'application/javascript']);
const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The build's scripts an HTML page runs or preloads, in order, but legacy `nomodule` ones and placeholders. */
export function scriptsNamedBy(html) {
  const urls = [];
  for (const [tag, name] of html.matchAll(TAG)) {
    const isScript = name.toLowerCase() === 'script';
    const url = isScript ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!url || !BUILD_SCRIPT.test(url) || urls.includes(url)) continue;
    if (
      isScript
        ? /\snomodule[\s=>]/i.test(tag) || !RUN_TYPES.has(attribute(tag, 'type')?.toLowerCase())
        : attribute(tag, 'rel') !== 'preload' || attribute(tag, 'as') !== 'script'
    )
      continue;
    urls.push(url);
  }
  return urls;
}

/**
 * The `Link` header value for a page: the one it was rendered with, then a preload of each script it names, as many as
 * fit within MAX_LINK_LENGTH; `undefined` when there is none. `nonce` is the response's own (from its CSP).
 */
export function linkWithScriptPreloads(link, html, nonce) {
  const entries = [link ?? []].flat().map(String).filter(Boolean);
  const nonceParam = nonce && NONCE.test(nonce) ? `; nonce="${nonce}"` : '';
  let length = entries.join(', ').length;
  for (const url of scriptsNamedBy(html)) {
    const entry = `<${url}>; rel=preload; as="script"${nonceParam}`;
    const added = entries.length > 0 ? entry.length + 2 : entry.length;
    if (length + added > MAX_LINK_LENGTH) break;
    entries.push(entry);
    length += added;
  }
  return entries.length > 0 ? entries.join(', ') : undefined;
}
