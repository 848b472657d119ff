/**
 * Writes docs/survey-format.schema.json from the zod schemas of lib/survey-format.
 * Run: `npm run json-schema` (or `npx tsx scripts/generate-json-schema.ts`). `lib/survey-format/json-schema.test.ts`
 * fails when the committed file is stale.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { JSON_SCHEMA_PATH, buildSurveyJsonSchema } from '../lib/survey-format/json-schema';

async function main(): Promise<void> {
  const target = path.resolve(process.cwd(), JSON_SCHEMA_PATH);
  const json = JSON.stringify(buildSurveyJsonSchema(), null, 2);
  const options = (await resolveConfig(target)) ?? {};
  const formatted = await format(json, { ...options, parser: 'json' });
  await writeFile(target, formatted, 'utf8');
  console.log(`Wrote ${JSON_SCHEMA_PATH}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
