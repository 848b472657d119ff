// `npm start`: builds when there is no production build yet, or when a source file changed since the last one
// (a `git pull`), then serves it (default http://localhost:3000).
// Extra arguments go to the server (scripts/server.mjs, options as `next start`), e.g. `npm start -- -H 127.0.0.1 -p 4000`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'components', 'features', 'lib', 'stores', 'messages', 'public', 'server'];
const SOURCE_FILES = [
  'next.config.ts',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'package-lock.json',
];

/** The newest modification time under the app's sources, in ms. */
function newestSourceTime() {
  let newest = 0;
  const visit = (entry) => {
    const stat = statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of [...SOURCES, ...SOURCE_FILES]) visit(entry);
  return newest;
}

const buildId = '.next/BUILD_ID';
if (!existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceTime()) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const args = process.argv.slice(2);
const server = spawn(process.execPath, ['scripts/server.mjs', ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
