// Serves a fresh production build for the browser suite: `npm run build` (scripts/build.mjs), then the production server
// (scripts/server.mjs) on HOST:PORT with a new, empty data folder so every run starts from the demo surveys alone.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const [host = '127.0.0.1', port = '3100'] = process.argv.slice(2);
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
// The test machine has no network to send Next's usage telemetry to.
process.env.NEXT_TELEMETRY_DISABLED = '1';

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['scripts/server.mjs', '-H', host, '-p', port], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, PORT: port, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
