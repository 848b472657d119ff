/**
 * npm run responses:export -- <SURVEY_CODE> > responses.csv
 * Runs under `tsx --conditions=react-server`, which resolves `server-only` to its no-op server build.
 */
import { runExportCommand } from '@/server/cli/export-command';
import { runCommandAsProcess } from '@/server/cli/run-command';

runCommandAsProcess(runExportCommand);
