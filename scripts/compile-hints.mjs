// V8 compiles a script's functions lazily: a function is compiled on the main thread the first time it runs. The
// scripts every page runs in full before the client takes over (React DOM, Next's router, the layouts' and pages'
// own chunks) pay that compilation in the take-over's task, which 4× CPU makes the longest wait on a cheap phone.
// A script whose first line is `//# allFunctionsCalledOnLoad` is compiled whole while it streams in, on a background
// thread (Chrome 136 and later: https://v8.dev/blog/explicit-compile-hints). So the build marks exactly those
// scripts; a chunk loaded later (the API client, IndexedDB, later pages' widgets) stays lazy, since compiling code
// that may never run costs memory (README "Performance").
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const CLIENT_MANIFEST_SUFFIX = 'page_client-reference-manifest.js';

/**
 * The build's scripts that a page loads before its client takes over: the framework's (`rootMainFiles`) and the
 * entry chunks of every page's layouts, error pages and page, as Next's client reference manifests list them. Paths
 * are relative to the build folder (`static/chunks/…`).
 */
export async function firstLoadScripts(distDir) {
  const buildManifest = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const scripts = new Set(buildManifest.rootMainFiles ?? []);
  const appDir = path.join(distDir, 'server', 'app');
  // A build without the app router has no such manifests: its framework's scripts are still marked.
  const entries = await readdir(appDir, { recursive: true }).catch(() => []);
  for (const entry of entries.filter((name) => name.endsWith(CLIENT_MANIFEST_SUFFIX))) {
    // Next writes each manifest as a script assigning `globalThis.__RSC_MANIFEST[page]`; it is this build's own output.
    const context = vm.createContext({});
    vm.runInContext(await readFile(path.join(appDir, entry), 'utf8'), context);
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const chunks of Object.values(manifest.entryJSFiles ?? {})) {
        for (const chunk of chunks) if (chunk.endsWith('.js')) scripts.add(chunk);
      }
    }
  }
  return [...scripts].sort();
}

/** Puts the compile hint on the first line of each first-load script (once: a second run changes nothing). */
export async function addCompileHints(distDir) {
  const scripts = await firstLoadScripts(distDir);
  for (const script of scripts) {
    const file = path.join(distDir, script);
    const source = await readFile(file, 'utf8');
    if (!source.startsWith(COMPILE_HINT)) await writeFile(file, COMPILE_HINT + source);
  }
  return scripts;
}
