import 'server-only';

import { createDbFromEnv } from '../db/get-db';
import type { Db } from '../db/create-db';
import type { CliIo } from './cli-io';

/**
 * Runs a command of the embedded backend's CLI (`scripts/*.ts`) as this process: on the database the environment
 * names, with the command line's arguments and the process's streams, its answer as the exit code.
 */
export function runCommandAsProcess(command: (db: Db, args: readonly string[], io: CliIo) => Promise<number>): void {
  // No top-level await in the scripts: the package is CommonJS, and so is tsx's output for them.
  async function main(): Promise<number> {
    const db = await createDbFromEnv();
    try {
      return await command(db, process.argv.slice(2), {
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
}
