/**
 * `npm run test:two-instances` (CI: `bash server/test-pg.sh --run npm run test:two-instances`): two production
 * servers of this build on two ports, one PostgreSQL (DATABASE_URL), no APP_SECRET, each with its own DATA_DIR, as
 * owners run them behind a load balancer. A respondent's requests alternate between them, every one on the other
 * instance: the password gate on A and its token honoured by B, create on A, save on B, upload on A, download on B
 * (and on A), the signature on A, finish on B. Then what the database holds is checked answer by answer, the export
 * (the CLI, on the shared database) lists every answer and file, an e-mail job asked of both is queued once, and
 * wrong passwords and creates sent alternately to A and B meet their limits counted across both. Builds first when there is no production build. Exit 0 or 1.
 * Runs under `tsx --conditions=react-server`.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createApiClient } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { createSurveyApi, type SurveyApi } from '@/lib/api/survey-api';
import { runExportCommand } from '@/server/cli/export-command';
import { createDbFromEnv } from '@/server/db/get-db';
import { MAX_WRONG_PASSWORDS } from '@/server/passwords/check-password';
import { CREATES_PER_CLIENT } from '@/server/responses/create-response';
// A 1×1 PNG, which file-kind.ts accepts as an image, for the file question and the signature alike.
import { PNG_BYTES as PNG } from '@/server/testing/fixtures';

const PORTS = [3231, 3232] as const;
const SURVEY_CODE = `two-instances-${Date.now().toString(36)}`;
const PASSWORD = 'shared-secret';
const QUESTION = { name: 11, choice: 12, file: 21, signature: 22, comment: 23 } as const;

const survey = {
  survey_code: SURVEY_CODE,
  survey_id: 97_500,
  title: 'Two instances',
  user_profile: { pack: 'PLUS' },
  share_config: { end_type: 'PAGE', answer_later: true },
  languages: [{ code: 'en', is_original: true }],
  password: PASSWORD,
  pages: [
    {
      id: 1,
      widgets: [
        { id: QUESTION.name, subtype: 'freetext_input', title: 'Your name' },
        {
          id: QUESTION.choice,
          subtype: 'single_radio',
          title: 'Colour',
          items: [
            { id: 1, value: 'Red' },
            { id: 2, value: 'Blue' },
          ],
        },
      ],
    },
    {
      id: 2,
      widgets: [
        {
          id: QUESTION.file,
          subtype: 'other_file_upload',
          title: 'A picture',
          settings: { max_files: 1, accepted_types: ['png'] },
        },
        { id: QUESTION.signature, subtype: 'other_signature', title: 'Sign' },
        { id: QUESTION.comment, subtype: 'freetext_comment', title: 'Anything else' },
      ],
    },
  ],
};

const failures: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}`);
  if (!condition) failures.push(what);
}

const baseUrl = (port: number) => `http://127.0.0.1:${port}/api`;

function startInstance(port: number, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  // No configured secret: the instances must agree on the one stored in the database.
  delete env.APP_SECRET;
  const child = spawn(process.execPath, ['scripts/server.mjs', '-H', '127.0.0.1', '-p', String(port)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitUntilServing(port: number, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const status = await fetch(`${baseUrl(port)}/demo-surveys/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status > 0 && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the instance on port ${port} did not start within ${timeoutMs} ms`);
}

async function download(port: number, uploadId: string, token: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl(port)}/v1/upload/file/${encodeURIComponent(uploadId)}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`download on ${port} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function journey([a, b]: readonly [SurveyApi, SurveyApi]): Promise<{
  surveyId: number;
  accessToken: string | null;
}> {
  // The gated read answers the survey's id and no pages; the id is the database's, not the file's.
  const locked = await b.readSurvey(SURVEY_CODE);
  const surveyId = locked.survey_id;
  check(locked.pages.length === 0, 'B: without the gate, the survey shows no pages');
  const gate = await a.checkPassword({ survey_id: surveyId, password: PASSWORD });
  check(gate.is_valid && Boolean(gate.access_token), 'A: the right password opens the gate');
  const read = await b.readSurvey(SURVEY_CODE, { accessToken: gate.access_token });
  check(read.pages.length === 2, "B: the survey's pages, read with A's gate token");

  const created = await a.createResponse(
    SURVEY_CODE,
    {
      survey: surveyId,
      fingerprint: 'two-instances',
      client_signature: 'two-instances',
      start_date: new Date().toISOString(),
      content: {},
      client_key: 'two-instances-create-1',
    },
    { accessToken: gate.access_token },
  );
  const token = created.token;
  check(typeof token === 'string', 'A: the response is created, with its token');
  if (token === null) return { surveyId, accessToken: gate.access_token ?? null };

  const page1 = { [QUESTION.name]: ['Ana'], [QUESTION.choice]: ['2'] };
  await b.patchResponse(created.code, { seq: 1, content: page1, expired_empty: false, expired_partial: false }, token);
  check(true, "B: page 1 saved with A's response token");

  const file = await a.uploadFile(
    {
      survey: surveyId,
      question_id: QUESTION.file,
      response_id: created.id,
      hash_code: 'two-instances-file',
      file: new Blob([PNG], { type: 'image/png' }),
      fileName: 'picture.png',
    },
    token,
  );
  check(file.name === 'picture.png', 'A: the file is uploaded');
  check((await download(PORTS[1], file.id, token)).equals(PNG), 'B: the file A stored downloads, byte for byte');

  const signature = await a.uploadFile(
    {
      survey: surveyId,
      question_id: QUESTION.signature,
      response_id: created.id,
      hash_code: 'two-instances-signature',
      file: new Blob([PNG], { type: 'image/png' }),
      fileName: 'signature.png',
    },
    token,
  );
  check((await download(PORTS[1], signature.id, token)).equals(PNG), 'B: the signature A stored downloads');
  check((await download(PORTS[0], signature.id, token)).equals(PNG), 'A: and so does it on A');

  // The answer-later e-mail, sent on A and sent again on B (its acknowledgement lost): one job in the shared queue.
  const email = {
    email: 'ana@example.com',
    email_config: { resume_url: `/en/survey-resume?code=${created.code}&survey=${SURVEY_CODE}` },
    client_key: 'two-instances-email-1',
  };
  await a.queueResponseEmail(created.code, email, token);
  await b.queueResponseEmail(created.code, email, token);

  const content = {
    ...page1,
    [QUESTION.file]: [file.id],
    [QUESTION.signature]: [signature.id],
    [QUESTION.comment]: ['Served by two instances'],
  };
  const finished = await b.patchResponse(
    created.code,
    {
      seq: 2,
      client_signature: 'two-instances',
      content,
      completed: true,
      redirected: false,
      expired_empty: false,
      expired_partial: false,
    },
    token,
  );
  check(finished?.completed !== false, 'B: the response is finished');

  // What the server holds, answer by answer.
  const db = await createDbFromEnv();
  try {
    const row = await db
      .selectFrom('responses')
      .select(['content', 'completed', 'seq'])
      .where('code', '=', created.code)
      .executeTakeFirstOrThrow();
    const held = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<string, unknown>;
    for (const [question, answer] of Object.entries(content)) {
      check(
        JSON.stringify(held[question]) === JSON.stringify(answer),
        `database: question ${question} holds ${JSON.stringify(answer)}`,
      );
    }
    check(row.completed === 1 && row.seq === 2, 'database: completed, at seq 2');
    const files = await db.selectFrom('uploads').select('id').where('id', 'in', [file.id, signature.id]).execute();
    check(files.length === 2, 'database: both files are recorded');
    const jobs = await db
      .selectFrom('email_queue')
      .innerJoin('responses', 'responses.id', 'email_queue.response_id')
      .select('email_queue.id')
      .where('responses.code', '=', created.code)
      .execute();
    check(jobs.length === 1, 'database: one e-mail job, though A and B were both asked');

    let csv = '';
    const exitCode = await runExportCommand(db, [SURVEY_CODE], {
      stdout: (text) => void (csv += text),
      stderr: (text) => void process.stderr.write(text),
    });
    check(exitCode === 0, 'export: runs on the shared database');
    for (const expected of ['Ana', 'Blue', 'Served by two instances', 'picture.png', 'signature.png']) {
      check(csv.includes(expected), `export: holds "${expected}"`);
    }
  } finally {
    await db.destroy();
  }
  return { surveyId, accessToken: gate.access_token ?? null };
}

/** Wrong passwords alternately on A and B: the limit counts them together, on the shared database. */
async function passwordLimit(apis: readonly [SurveyApi, SurveyApi], surveyId: number): Promise<void> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= MAX_WRONG_PASSWORDS; attempt += 1) {
    const api = apis[attempt % 2] as SurveyApi;
    try {
      const result = await api.checkPassword({ survey_id: surveyId, password: `wrong-${attempt}` });
      statuses.push(result.is_valid ? 200 : 401);
    } catch (error) {
      statuses.push(toApiError(error).status ?? 0);
    }
  }
  console.log(`     wrong passwords, alternating A and B: ${statuses.join(' ')}`);
  check(
    statuses.slice(0, MAX_WRONG_PASSWORDS).every((status) => status !== 429) && statuses[MAX_WRONG_PASSWORDS] === 429,
    `password limit: refused at attempt ${MAX_WRONG_PASSWORDS + 1}, counted across both instances`,
  );
}

/** Creates alternately on A and B: the per-client limit counts them together (the journey made one already). */
async function createLimit(apis: readonly [SurveyApi, SurveyApi], surveyId: number, accessToken: string | null) {
  let created = 1;
  let refusedAt: number | null = null;
  for (let attempt = 0; attempt < CREATES_PER_CLIENT.limit + 5 && refusedAt === null; attempt += 1) {
    const api = apis[attempt % 2] as SurveyApi;
    try {
      await api.createResponse(
        SURVEY_CODE,
        {
          survey: surveyId,
          fingerprint: `limit-${attempt}`,
          client_signature: 'two-instances',
          start_date: new Date().toISOString(),
          client_key: `two-instances-limit-${attempt}`,
        },
        { accessToken },
      );
      created += 1;
    } catch (error) {
      if (toApiError(error).status === 429) refusedAt = created + 1;
      else throw error;
    }
  }
  check(
    refusedAt === CREATES_PER_CLIENT.limit + 1,
    `create limit: refused at create ${refusedAt ?? 'never'} of one client, counted across both instances (limit ${CREATES_PER_CLIENT.limit})`,
  );
}

async function main(): Promise<number> {
  if (!process.env.DATABASE_URL) {
    console.error(
      'two-instances needs DATABASE_URL (run it as: bash server/test-pg.sh --run npm run test:two-instances)',
    );
    return 1;
  }
  if (!existsSync('.next/BUILD_ID')) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) return build.status ?? 1;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'two-instances-'));
  const surveyFile = path.join(work, 'survey.json');
  writeFileSync(surveyFile, JSON.stringify(survey));
  execFileSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/survey-import.ts', surveyFile],
    { stdio: 'ignore', env: { ...process.env, SEED_DEMO: 'false' } },
  );
  const instances = PORTS.map((port, index) => startInstance(port, path.join(work, `data-${index}`)));
  try {
    await Promise.all(PORTS.map((port) => waitUntilServing(port)));
    const apis = PORTS.map((port) => createSurveyApi(createApiClient({ baseURL: baseUrl(port) }))) as [
      SurveyApi,
      SurveyApi,
    ];
    const { surveyId, accessToken } = await journey(apis);
    await passwordLimit(apis, surveyId);
    await createLimit(apis, surveyId, accessToken);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    console.error(error);
  } finally {
    for (const instance of instances) instance.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  console.log(failures.length === 0 ? 'two instances: every check passed' : `two instances: ${failures.length} failed`);
  return failures.length === 0 ? 0 : 1;
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
