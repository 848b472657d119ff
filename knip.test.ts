import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * Unused code fails `npm test` (`npm run knip`), it does not pile up: a planted file nothing imports and a planted
 * export nothing reads must each make knip fail. The planted files live in a folder of their own for the length of
 * the test; the planted entry point is given to knip through a copy of `knip.json`, so no product file changes.
 */
const root = import.meta.dirname;
const folder = `lib/planted-${process.pid}`;
const plantedConfig = path.join(root, `${folder}/knip.json`);

beforeAll(() => {
  fs.mkdirSync(path.join(root, folder), { recursive: true });
  fs.writeFileSync(path.join(root, folder, 'orphan.ts'), 'export const orphan = 1;\n');
  fs.writeFileSync(path.join(root, folder, 'library.ts'), 'export const read = 1;\nexport const neverRead = 2;\n');
  fs.writeFileSync(path.join(root, folder, 'entry.ts'), "import { read } from './library';\nconsole.log(read);\n");
  const config = JSON.parse(fs.readFileSync(path.join(root, 'knip.json'), 'utf8')) as { entry: string[] };
  fs.writeFileSync(plantedConfig, JSON.stringify({ ...config, entry: [...config.entry, `${folder}/entry.ts!`] }));
});

afterAll(() => fs.rmSync(path.join(root, folder), { recursive: true, force: true }));

async function knip(configFile: string): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout } = await run('npx', ['knip', '--production', '--no-progress', '--config', configFile], {
      cwd: root,
    });
    return { failed: false, output: stdout };
  } catch (error) {
    const failure = error as { stdout?: string; code?: number };
    return { failed: true, output: `${failure.stdout ?? ''} (exit ${failure.code})` };
  }
}

describe('unused code (knip.json)', () => {
  it('fails on a file nothing imports and on an export nothing reads', async () => {
    const { failed, output } = await knip(plantedConfig);
    expect(failed).toBe(true);
    expect(output).toContain(`${folder}/orphan.ts`);
    expect(output).toMatch(/Unused exports[\s\S]*neverRead/);
    expect(output).not.toMatch(/\bread\b.*library\.ts/);
  }, 60_000);
});
