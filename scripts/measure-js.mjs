// Gzipped JavaScript a page needs before its first input: every script chunk its server HTML names (script tags,
// preloads and the client components of the flight data), which the browser must run to hydrate. Chunks loaded
// later by `import()` (the API client, later pages' widgets, the regex engine) are counted apart.
// Usage: node scripts/measure-js.mjs http://127.0.0.1:3000/en/survey/demo-all-widgets
import { gzipSync } from 'node:zlib';
import { stagedScriptsOf } from './staged-scripts.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:3000/survey/demo-simple';
const html = await (await fetch(url, { headers: { 'Accept-Language': 'es' } })).text();
// Legacy-browser polyfills (`<script nomodule>`) never run in a modern browser.
const noModule = new Set([...html.matchAll(/<script src="([^"]+)" noModule/gi)].map((match) => match[1]));
// A bundle's chunks come in the bundle (scripts/script-bundles.mjs): each is counted once, there.
const bundled = new Set(Object.values(stagedScriptsOf(html).bundled).flat());
const chunks = [...new Set(html.match(/\/_next\/static\/chunks\/[^"'\\\s]+?\.js/g) ?? [])].filter(
  (chunk) => !noModule.has(chunk) && !bundled.has(chunk),
);

let total = 0;
const rows = [];
for (const chunk of chunks) {
  const body = Buffer.from(await (await fetch(new URL(chunk, url))).arrayBuffer());
  const size = gzipSync(body, { level: 9 }).length;
  total += size;
  rows.push([size, chunk]);
}
for (const [size, chunk] of rows.sort((a, b) => b[0] - a[0]))
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${chunk}`);
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  gzipped JavaScript in ${chunks.length} chunks before the first input: ${url}`,
);
