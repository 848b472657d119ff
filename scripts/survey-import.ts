/**
 * npm run survey:import -- <survey-file.json>
 * Runs under `tsx --conditions=react-server`, which resolves `server-only` to its no-op server build.
 */
import { runImportCommand } from '@/server/cli/import-command';
import { runCommandAsProcess } from '@/server/cli/run-command';

runCommandAsProcess(runImportCommand);
