/**
 * npm run soak — many simulated respondents answer one survey through a proxy that drops requests and their
 * acknowledgements, answers 503, delivers twice and late, and delays, while the backend restarts mid-run. At the
 * end the database must hold exactly one response per respondent, finished, each equal — answer by answer — to what
 * that respondent answered. Loopback only, bounded (a few minutes at most).
 *
 * Environment: SOAK_RESPONDENTS (200), SOAK_CONCURRENCY (20), SOAK_SEED (random; printed, to replay a run),
 * DATABASE_URL (PostgreSQL; else SQLite in a fresh folder). Runs under `tsx --conditions=react-server`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createApiClient } from '@/lib/api/client';
import { createSurveyApi } from '@/lib/api/survey-api';
import type { Content } from '@/lib/survey-format/content';
import { surveySchema } from '@/lib/survey-format/survey';
import type { Db } from '@/server/db/create-db';
import { createDbFromEnv } from '@/server/db/get-db';
import { PEER_HEADER } from '@/server/http/request-headers';
import { importSurvey } from '@/server/surveys/import-survey';

import { startFaultProxy } from './fault-proxy';
import { QUESTIONS, type RespondentResult, runRespondent } from './respondent';

const respondents = Number(process.env.SOAK_RESPONDENTS ?? 200);
const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 20);
const seed = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const dataDir = engine === 'sqlite' ? mkdtempSync(path.join(tmpdir(), 'soak-')) : undefined;
if (dataDir) process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'false';
// One secret for every start of the backend, so tokens survive its restart.
process.env.APP_SECRET ??= 'soak-secret-0123456789abcdef0123456789abcdef';

/** mulberry32: one seeded stream for the whole run, so a seed replays it. */
function seeded(state: number): () => number {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const surveyCode = `soak-${seed}`;
const surveyFile = {
  survey_id: 1,
  survey_code: surveyCode,
  title: 'Soak',
  user_profile: { pack: 'PLUS' },
  languages: [{ code: 'en', is_original: true }],
  share_config: { end_type: 'PAGE', close_type: 'MSG', multiple_responses: true },
  pages: [
    {
      id: 1,
      widgets: [
        {
          id: QUESTIONS.choice,
          subtype: 'single_radio',
          title: 'Choice',
          items: [1, 2, 3].map((id) => ({ id, value: `Option ${id}` })),
        },
        { id: QUESTIONS.text, subtype: 'freetext_input', title: 'Text' },
      ],
    },
    {
      id: 2,
      widgets: [
        { id: QUESTIONS.file, subtype: 'other_file_upload', title: 'File', settings: { accepted_types: ['txt'] } },
        {
          id: QUESTIONS.boxes,
          subtype: 'multiple_checkbox',
          title: 'Boxes',
          items: [1, 2, 3].map((id) => ({ id, value: `Box ${id}` })),
        },
      ],
    },
  ],
};

const BACKEND_PORT = 20_000 + (seed % 20_000);

function startBackend(): Promise<ChildProcess> {
  // tsx as a loader of this very process (not its CLI, which runs the script in a grandchild a kill would miss).
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/soak/backend.ts', String(BACKEND_PORT)],
    { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the backend exited (${code}) before listening`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

type Row = { id: number; fingerprint: string | null; completed: number; content: string };

async function verdict(db: Db, surveyId: number, results: RespondentResult[]): Promise<string[]> {
  const rows = (await db
    .selectFrom('responses')
    .select(['id', 'fingerprint', 'completed', 'content'])
    .where('survey_id', '=', surveyId)
    .execute()) as Row[];
  const uploads = await db
    .selectFrom('uploads')
    .innerJoin('responses', 'responses.id', 'uploads.response_id')
    .select(['uploads.id', 'uploads.response_id', 'uploads.original_name'])
    .where('responses.survey_id', '=', surveyId)
    .execute();
  const problems: string[] = [];
  for (const result of results) {
    if (result.failure) {
      problems.push(`${result.fingerprint}: ${result.failure}`);
      continue;
    }
    const own = rows.filter((row) => row.fingerprint === result.fingerprint);
    if (own.length !== 1) {
      problems.push(`${result.fingerprint}: ${own.length} responses in the database`);
      continue;
    }
    const row = own[0]!;
    if (row.completed !== 1) problems.push(`${result.fingerprint}: not finished`);
    const stored = JSON.parse(row.content) as Content;
    const files = uploads.filter((upload) => upload.response_id === row.id);
    const expected: Content = { ...result.answered };
    const expectedFile = expected[QUESTIONS.file]?.[0];
    if (expectedFile) {
      const name = expectedFile.slice('file:'.length);
      if (files.length !== 1 || files[0]?.original_name !== name) {
        problems.push(`${result.fingerprint}: ${files.length} stored files, expected one named ${name}`);
      } else expected[QUESTIONS.file] = [files[0]!.id];
    } else if (files.length > 0) problems.push(`${result.fingerprint}: ${files.length} unexpected files`);
    const normalise = (content: Content) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(content)
            .filter(([, answer]) => answer.length > 0)
            .sort(),
        ),
      );
    if (normalise(stored) !== normalise(expected)) {
      problems.push(`${result.fingerprint}: holds ${normalise(stored)}, answered ${normalise(expected)}`);
    }
  }
  return problems;
}

async function main(): Promise<number> {
  const started = Date.now();
  const random = seeded(seed);
  const db = await createDbFromEnv();
  const imported = await importSurvey(db, surveyFile, { mode: 'replace', isDemo: false, now: Date.now() });
  if (!imported.ok) throw new Error(`the soak survey does not import: ${JSON.stringify(imported.issues)}`);
  const loaded = await db.selectFrom('surveys').select('id').where('code', '=', surveyCode).executeTakeFirstOrThrow();
  const survey = surveySchema.parse({ ...surveyFile, survey_id: loaded.id });

  let backend = await startBackend();
  const proxy = await startFaultProxy(BACKEND_PORT, random);
  /**
   * Each respondent is a client of its own, as on the internet: the adapter (unlike the production server) passes
   * the peer header through, so the per-address limits count each respondent apart.
   */
  const apiFor = (index: number) => {
    const client = createApiClient({ baseURL: `http://127.0.0.1:${proxy.port}/api`, timeoutMs: 10_000 });
    client.defaults.headers.common[PEER_HEADER] = `10.${(index >> 8) & 255}.${index & 255}.1`;
    return createSurveyApi(client);
  };

  let restarts = 0;
  const results: RespondentResult[] = [];
  let next = 0;
  const restartAt = Math.floor(respondents * 0.4);
  async function worker(): Promise<void> {
    while (next < respondents) {
      const index = next++;
      if (index === restartAt) {
        // The backend goes away mid-run and comes back: nothing in flight may be lost or doubled.
        restarts += 1;
        void stop(backend).then(async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          backend = await startBackend();
        });
      }
      results.push(await runRespondent({ index, survey, surveyCode, api: apiFor(index), random }));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  // Late duplicates still on their way must find nothing to change.
  await new Promise((resolve) => setTimeout(resolve, 600));

  const problems = await verdict(db, loaded.id, results);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const { requests, ...faults } = proxy.counts;
  console.log(
    [
      `soak on ${engine}, seed ${seed}: ${results.length} respondents, ${results.filter((r) => r.reloads > 0).length} reloaded,` +
        ` ${results.filter((r) => r.answered[QUESTIONS.file]).length} with a file, in ${seconds} s`,
      `requests through the fault proxy: ${requests}; faults: ${Object.entries(faults)
        .map(([fault, count]) => `${fault} ${count}`)
        .join(', ')}; backend restarts: ${restarts}`,
      problems.length === 0
        ? `verdict: one finished response per respondent, each equal to what was answered (${results.length}/${results.length})`
        : `verdict: ${problems.length} problem(s):\n  ${problems.slice(0, 30).join('\n  ')}`,
    ].join('\n'),
  );

  await proxy.close();
  await stop(backend);
  await db.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
