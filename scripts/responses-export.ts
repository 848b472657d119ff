/**
 * npm run responses:export -- <SURVEY_CODE> > responses.csv
 * Runs under `tsx --conditions=react-server`, which resolves `server-only` to its no-op server build.
 */
import { runExportCommand } from '@/server/cli/export-command';
import { createDbFromEnv } from '@/server/db/get-db';

// No top-level await: the package is CommonJS, and so is tsx's output for it.
async function main(): Promise<number> {
  const db = await createDbFromEnv();
  try {
    return await runExportCommand(db, process.argv.slice(2), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
