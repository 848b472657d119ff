// `npm run build`: Next's production build, then the compile hint on the scripts every page runs before its client
// takes over (scripts/compile-hints.mjs). An argument is the project folder, as for `next build`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { addCompileHints } from './compile-hints.mjs';

const projectDir = process.argv[2] ?? '.';
const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const hinted = await addCompileHints(path.join(projectDir, '.next'));
console.log(`compile hints: ${hinted.length} first-load scripts`);
