// `npm run build`: Next's production build, then the compile hint on the scripts every page runs before its client
// takes over (scripts/compile-hints.mjs). Arguments go to `next build`: a project folder, options.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { addCompileHints } from './compile-hints.mjs';

const args = process.argv.slice(2);
const projectDir = args.find((arg) => !arg.startsWith('-')) ?? '.';
const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', ...args], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const hinted = await addCompileHints(path.join(projectDir, '.next'));
console.log(`compile hints: ${hinted.length} first-load scripts`);
