// `npm start`: builds once when there is no production build yet, then serves it (default http://localhost:3000).
// Extra arguments go to `next start`, e.g. `npm start -- -H 127.0.0.1 -p 4000`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const next = ['node_modules/next/dist/bin/next'];
if (!existsSync('.next/BUILD_ID')) {
  const build = spawnSync(process.execPath, [...next, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const args = process.argv.slice(2);
const server = spawn(process.execPath, [...next, 'start', ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
