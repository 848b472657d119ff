import 'server-only';

import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import type { Db } from '../db/create-db';
import { importSurvey } from '../surveys/import-survey';
import type { CliIo } from './cli-io';

const USAGE = 'Usage: npm run survey:import -- <survey-file.json>';

/**
 * `survey:import`: validates a survey file and adds it, or replaces the survey with the same code.
 * Returns the process exit code (0 ok, 1 bad input).
 */
export async function runImportCommand(db: Db, args: readonly string[], io: CliIo): Promise<number> {
  const [file, ...rest] = args;
  if (file === undefined || rest.length > 0) {
    io.stderr(`${USAGE}\n`);
    return 1;
  }
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    io.stderr(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const result = await importSurvey(db, data, { mode: 'replace', isDemo: false, now: Date.now() });
  if (!result.ok) {
    io.stderr(`${file} is not a valid survey file:\n${z.prettifyError(new z.ZodError(result.issues))}\n`);
    return 1;
  }
  io.stdout(`Survey "${result.code}" ${result.status}.\nURL path: /survey/${result.code}\n`);
  return 0;
}
