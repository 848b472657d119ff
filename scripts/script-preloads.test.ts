import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node module of the production server (scripts/server.mjs), without type declarations.
import { linkWithScriptPreloads, MAX_LINK_LENGTH, scriptsNamedBy } from './script-preloads.mjs';

const NONCE = 'ZDAxYjlhNmEtYmNiNi00ODg3LWJhMTMtYjE5ZTQ3MGYzM2Rk';
const STYLES = `</_next/static/chunks/0lhhebz9ha0ey.css>; rel=preload; as="style"; nonce="${NONCE}"`;

/** A page's head as Next 16 writes it: a low-priority preload, async scripts, widget preloads, a legacy polyfill. */
const html = [
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/framework.js"/>`,
  `<script src="/_next/static/chunks/react-dom.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/page.js" async="" nonce="${NONCE}"></script>`,
  `<link rel="preload" href="/_next/static/chunks/widget.js" as="script" nonce="${NONCE}" fetchPriority="low"/>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/framework.js" nonce="${NONCE}" async=""></script>`,
  `<script nonce="${NONCE}">self.__next_f.push([1,"\\"/_next/static/chunks/page.js\\""])</script>`,
].join('');

describe('script preloads in the Link header', () => {
  it('names each script the page runs once, in the page’s order, and no legacy polyfill', () => {
    expect(scriptsNamedBy(html)).toEqual([
      '/_next/static/chunks/framework.js',
      '/_next/static/chunks/react-dom.js',
      '/_next/static/chunks/page.js',
      '/_next/static/chunks/widget.js',
    ]);
  });

  it('names no placeholder of a bundled chunk (scripts/script-bundles.mjs), which the browser never fetches', () => {
    const bundled = `<script src="/_next/static/chunks/bundle~a~b.js" async=""></script><script type="text/x-bundled" async="" src="/_next/static/chunks/a.js"></script><script type="module" src="/_next/static/chunks/m.js"></script>`;
    expect(scriptsNamedBy(bundled)).toEqual(['/_next/static/chunks/bundle~a~b.js', '/_next/static/chunks/m.js']);
  });

  it('keeps the stylesheets Next named first and adds the scripts with the response’s nonce', () => {
    expect(linkWithScriptPreloads(STYLES, html, NONCE)).toBe(
      [
        STYLES,
        `</_next/static/chunks/framework.js>; rel=preload; as="script"; nonce="${NONCE}"`,
        `</_next/static/chunks/react-dom.js>; rel=preload; as="script"; nonce="${NONCE}"`,
        `</_next/static/chunks/page.js>; rel=preload; as="script"; nonce="${NONCE}"`,
        `</_next/static/chunks/widget.js>; rel=preload; as="script"; nonce="${NONCE}"`,
      ].join(', '),
    );
  });

  it('joins a header Next wrote as several values', () => {
    expect(linkWithScriptPreloads([STYLES, STYLES], '', NONCE)).toBe(`${STYLES}, ${STYLES}`);
  });

  it('writes no nonce when the page has none, and none that could break out of its quotes', () => {
    const page = '<script src="/_next/static/chunks/a.js" async=""></script>';
    expect(linkWithScriptPreloads(undefined, page, undefined)).toBe(
      '</_next/static/chunks/a.js>; rel=preload; as="script"',
    );
    expect(linkWithScriptPreloads(undefined, page, 'x"; rel=stylesheet')).toBe(
      '</_next/static/chunks/a.js>; rel=preload; as="script"',
    );
  });

  it('stops before the header outgrows React’s bound, keeping the first scripts', () => {
    const many = Array.from(
      { length: 40 },
      (_, index) => `<script src="/_next/static/chunks/chunk-${index}.js" async=""></script>`,
    ).join('');
    const link = linkWithScriptPreloads(STYLES, many, NONCE) ?? '';
    expect(link.length).toBeLessThanOrEqual(MAX_LINK_LENGTH);
    expect(link.length).toBeGreaterThan(MAX_LINK_LENGTH - 120);
    expect(link).toContain('chunk-0.js');
    expect(link).not.toContain('chunk-39.js');
  });

  it('takes a script URL only as the build writes one: no quote, bracket or space gets into the header', () => {
    const forged =
      '<p>/_next/static/chunks/a.js &lt;script src="/_next/static/chunks/b.js"&gt;</p>' +
      '<script src="/_next/static/chunks/c.js>; rel=stylesheet; x=.js" async=""></script>' +
      '<link rel="stylesheet" href="/_next/static/chunks/d.js"/>';
    expect(scriptsNamedBy(forged)).toEqual([]);
    expect(linkWithScriptPreloads(undefined, forged, NONCE)).toBeUndefined();
  });
});
