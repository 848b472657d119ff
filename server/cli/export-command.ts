import 'server-only';

import type { Db } from '../db/create-db';
import { exportResponsesCsv } from '../export/export-responses';
import { ApiError } from '../http/api-error';
import type { CliIo } from './cli-io';

const USAGE = 'Usage: npm run responses:export -- <SURVEY_CODE> > responses.csv';

/** `responses:export`: the finished responses of a survey as CSV on stdout. Returns the exit code. */
export async function runExportCommand(db: Db, args: readonly string[], io: CliIo): Promise<number> {
  const [code, ...rest] = args;
  if (code === undefined || rest.length > 0) {
    io.stderr(`${USAGE}\n`);
    return 1;
  }
  try {
    io.stdout(await exportResponsesCsv(db, code));
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      io.stderr(`${error.detail}\n`);
      return 1;
    }
    throw error;
  }
}
