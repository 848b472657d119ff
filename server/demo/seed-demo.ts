import 'server-only';

import type { Db } from '../db/create-db';
import { importSurvey } from '../surveys/import-survey';
import { demoSurveyFiles } from './demo-surveys';

/** Adds the demo surveys that are missing; an existing one (maybe edited through the CLI) is left alone. */
export async function seedDemoSurveys(db: Db, now: number): Promise<void> {
  for (const file of demoSurveyFiles) {
    const result = await importSurvey(db, file, { mode: 'if-absent', isDemo: true, now });
    // The demo files are validated by a test; a failure here means a broken build, so say which file.
    if (!result.ok) throw new Error(`Demo survey ${file.survey_code} is invalid: ${result.issues[0]?.message ?? ''}`);
  }
}
