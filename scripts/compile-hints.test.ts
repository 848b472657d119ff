import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node module of the build (scripts/build.mjs), without type declarations.
import { addCompileHints, COMPILE_HINT, firstLoadScripts } from './compile-hints.mjs';

let distDir: string;

const chunk = (name: string) => path.join(distDir, 'static', 'chunks', name);
const source = (name: string) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["${name}",1,()=>{}]);`;

/** A client reference manifest as Next 16 writes it: a script assigning the page's entry chunks. */
async function writeClientManifest(page: string, entryJSFiles: Record<string, string[]>) {
  const file = path.join(distDir, 'server', 'app', page, 'page_client-reference-manifest.js');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
      `globalThis.__RSC_MANIFEST[${JSON.stringify(`/${page}/page`)}] = ${JSON.stringify({
        clientModules: {},
        entryCSSFiles: {},
        entryJSFiles,
      })};\n`,
  );
}

beforeEach(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'compile-hints-'));
  await mkdir(path.join(distDir, 'static', 'chunks'), { recursive: true });
  for (const name of ['react-dom.js', 'router.js', 'layout.js', 'survey-page.js', 'api-client.js', 'widget.js']) {
    await writeFile(chunk(name), source(name));
  }
  await writeFile(
    path.join(distDir, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/router.js'], polyfillFiles: [] }),
  );
  await writeClientManifest('[locale]/survey/[id]', {
    '[project]/app/[locale]/layout': ['static/chunks/layout.js'],
    '[project]/app/[locale]/survey/[id]/page': ['static/chunks/layout.js', 'static/chunks/survey-page.js'],
  });
  // A route handler's manifest names no page's scripts.
  const route = path.join(distDir, 'server', 'app', 'api', 'read', 'route_client-reference-manifest.js');
  await mkdir(path.dirname(route), { recursive: true });
  await writeFile(
    route,
    'globalThis.__RSC_MANIFEST = { "/api/read/route": { "entryJSFiles": { "x": ["static/chunks/api-client.js"] } } };',
  );
});

afterEach(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe('compile hints', () => {
  it('names the framework scripts and every page entry chunk, each once', async () => {
    expect(await firstLoadScripts(distDir)).toEqual([
      'static/chunks/layout.js',
      'static/chunks/react-dom.js',
      'static/chunks/router.js',
      'static/chunks/survey-page.js',
    ]);
  });

  it('puts the hint on the first line of those scripts and leaves later chunks lazy', async () => {
    await addCompileHints(distDir);
    for (const name of ['react-dom.js', 'router.js', 'layout.js', 'survey-page.js']) {
      expect(await readFile(chunk(name), 'utf8')).toBe(COMPILE_HINT + source(name));
    }
    for (const name of ['api-client.js', 'widget.js']) {
      expect(await readFile(chunk(name), 'utf8')).toBe(source(name));
    }
  });

  it('writes the hint as V8 reads it: a magic comment alone on the first line', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('marks the framework’s scripts of a build without app router pages', async () => {
    await rm(path.join(distDir, 'server'), { recursive: true });
    expect(await firstLoadScripts(distDir)).toEqual(['static/chunks/react-dom.js', 'static/chunks/router.js']);
  });

  it('changes nothing when run twice on the same build', async () => {
    await addCompileHints(distDir);
    await addCompileHints(distDir);
    expect(await readFile(chunk('react-dom.js'), 'utf8')).toBe(COMPILE_HINT + source('react-dom.js'));
  });
});
