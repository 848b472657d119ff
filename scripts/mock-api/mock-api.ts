/**
 * The QA mock of the survey API: `npm run mock-api -- --surveys <folder> --port <n> [--origin <app origin>]`.
 *
 * Every call of spec §7 and docs/survey-format.md, answered by the app's own API handlers (scripts/api-adapter.ts)
 * on a throwaway SQLite folder that is removed on exit: tokens, `seq`, the exactly-once extensions (client keys,
 * idempotent uploads and e-mails), the password check. Every request body and URL is validated against the
 * contract's schemas; a violation is a 400 whose `detail` names the field. CORS answers the app's origin (any, by
 * default), so the browser calls it directly: start the app with `API_BASE_URL=http://127.0.0.1:<n>/api`.
 *
 * Control over HTTP, for any test runner (JSON bodies):
 *   POST   /__mock/surveys   a survey file (as `survey:import` takes) → loaded or replaced, 201 { code }
 *   POST   /__mock/faults    { method?, path, status?, retryAfter?, body?, delayMs?, drop?: 'connection'|'ack', times? }
 *   GET    /__mock/faults    the faults still set
 *   POST   /__mock/offline   { offline: true|false } → every API request is cut while offline
 *   GET    /__mock/writes    every write received: { method, path, status, body, at } (status 0: cut)
 *   GET    /__mock/responses?survey=<code>   what the mock holds: [{ code, completed, seq, content }]
 *   POST   /__mock/reset     faults cleared, online, writes forgotten (surveys and responses stay)
 * Runs under `tsx --conditions=react-server` (which resolves `server-only`).
 */
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type * as DbAccess from '@/server/db/get-db';
import type * as SurveyImport from '@/server/surveys/import-survey';
import type * as ApiAdapter from '../api-adapter';
import { createFaults, faultSchema } from './faults';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

const port = Number(option('--port') ?? 4010);
const surveysFolder = option('--surveys');
const allowedOrigin = option('--origin') ?? '*';

// The API handlers read their storage from the environment when first used: it is set before they load (main).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encuesta-mock-api-'));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = 'false';
// The mock writes the peer header itself, a client per request (below): the handlers are to believe it.
process.env.ENCUESTA_PEER_FROM_SOCKET = '1';
delete process.env.DATABASE_URL;
let adapter: typeof ApiAdapter;
let importSurvey: typeof SurveyImport.importSurvey;
let getDb: typeof DbAccess.getDb;

type Write = { method: string; path: string; status: number; body: unknown; at: string };
const faults = createFaults();
let writes: Write[] = [];
let offline = false;
let peers = 0;

async function loadSurvey(data: unknown): Promise<{ ok: true; code: string } | { ok: false; detail: string }> {
  const result = await importSurvey(await getDb(), data, { mode: 'replace', isDemo: false, now: Date.now() });
  if (result.ok) return { ok: true, code: result.code };
  return {
    ok: false,
    detail: result.issues.map((issue) => `${issue.path.join('.') || '(survey)'}: ${issue.message}`).join('; '),
  };
}

/** The responses the mock holds for a survey, in creation order: what the server has, not what a screen says. */
async function heldResponses(surveyCode: string | null) {
  const rows = await (
    await getDb()
  )
    .selectFrom('responses')
    .innerJoin('surveys', 'surveys.id', 'responses.survey_id')
    .select(['responses.code', 'responses.completed', 'responses.seq', 'responses.content'])
    .where('surveys.code', '=', surveyCode ?? '')
    .orderBy('responses.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    completed: Boolean(row.completed),
    content: JSON.parse(row.content) as unknown,
  }));
}

function corsHeaders(incoming: IncomingMessage): Record<string, string> {
  const origin = incoming.headers.origin;
  return {
    // The app's client sends credentials, which a wildcard never allows: the caller's origin is named instead.
    'Access-Control-Allow-Origin': allowedOrigin === '*' ? (origin ?? '*') : allowedOrigin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
    'Access-Control-Expose-Headers': 'Retry-After',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

function json(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  outgoing.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readJson(incoming: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function control(incoming: IncomingMessage, outgoing: ServerResponse, url: URL): Promise<void> {
  const route = `${incoming.method} ${url.pathname}`;
  const body = incoming.method === 'POST' ? await readJson(incoming) : null;
  if (route === 'POST /__mock/surveys') {
    const loaded = await loadSurvey(body);
    if (loaded.ok) json(outgoing, 201, { code: loaded.code });
    else json(outgoing, 400, { code: 'invalid_survey', detail: loaded.detail });
  } else if (route === 'POST /__mock/faults') {
    const parsed = faultSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      json(outgoing, 400, {
        code: 'invalid_fault',
        detail: `${issue?.path.join('.') || '(fault)'}: ${issue?.message}`,
      });
      return;
    }
    faults.add(parsed.data);
    json(outgoing, 201, parsed.data);
  } else if (route === 'GET /__mock/faults') json(outgoing, 200, faults.list());
  else if (route === 'POST /__mock/offline') {
    offline = (body as { offline?: unknown } | null)?.offline === true;
    json(outgoing, 200, { offline });
  } else if (route === 'GET /__mock/writes') json(outgoing, 200, writes);
  else if (route === 'GET /__mock/responses') json(outgoing, 200, await heldResponses(url.searchParams.get('survey')));
  else if (route === 'POST /__mock/reset') {
    faults.clear();
    offline = false;
    writes = [];
    json(outgoing, 200, { reset: true });
  } else json(outgoing, 404, { code: 'not_found', detail: `no control route ${route}` });
}

/** The body of a write, read once: kept for `GET /__mock/writes` (JSON parsed; an upload named by its type). */
async function readBody(incoming: IncomingMessage): Promise<{ raw: Buffer; body: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = incoming.headers['content-type'] ?? '';
  if (!type.includes('application/json')) return { raw, body: { contentType: type, bytes: raw.length } };
  try {
    return { raw, body: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    // Kept as text: the API answers it with a 400.
    return { raw, body: raw.toString('utf8') };
  }
}

async function api(incoming: IncomingMessage, outgoing: ServerResponse, url: URL): Promise<void> {
  const method = incoming.method ?? 'GET';
  const isWrite = method !== 'GET' && method !== 'HEAD';
  const cors = corsHeaders(incoming);
  const fault = faults.take(method, url.pathname);
  const record = (status: number, body: unknown) => {
    if (isWrite) writes.push({ method, path: url.pathname, status, body, at: new Date().toISOString() });
  };
  const { raw, body } = isWrite ? await readBody(incoming) : { raw: undefined, body: null };
  if (offline || fault?.drop === 'connection') {
    record(0, body);
    outgoing.socket?.destroy();
    return;
  }
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.status !== undefined) {
    record(fault.status, body);
    const headers: Record<string, string> = { ...cors };
    if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
    json(outgoing, fault.status, fault.body ?? { code: String(fault.status) }, headers);
    return;
  }
  // The mock keeps no per-client limits: each request is a client of its own.
  incoming.headers['x-encuesta-peer'] = `mock-peer-${(peers += 1)}`;
  const response = await adapter.answerApiRequest(incoming, url, raw);
  if (!response) {
    record(404, body);
    outgoing.writeHead(404, { 'Content-Type': 'application/json', ...cors }).end(adapter.NOT_FOUND_BODY);
    return;
  }
  record(response.status, body);
  if (fault?.drop === 'ack') {
    // The write is done; its acknowledgement never arrives.
    await response.arrayBuffer();
    outgoing.socket?.destroy();
    return;
  }
  await adapter.sendResponse(response, outgoing, cors);
}

async function main(): Promise<void> {
  adapter = await import('../api-adapter');
  ({ importSurvey } = await import('@/server/surveys/import-survey'));
  ({ getDb } = await import('@/server/db/get-db'));
  if (surveysFolder) {
    for (const file of fs
      .readdirSync(surveysFolder)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const loaded = await loadSurvey(JSON.parse(fs.readFileSync(path.join(surveysFolder, file), 'utf8')) as unknown);
      process.stdout.write(loaded.ok ? `loaded ${loaded.code} (${file})\n` : `skipped ${file}: ${loaded.detail}\n`);
    }
  }
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', `http://127.0.0.1:${port}`);
    const work =
      incoming.method === 'OPTIONS'
        ? Promise.resolve(void outgoing.writeHead(204, corsHeaders(incoming)).end())
        : url.pathname.startsWith('/__mock/')
          ? control(incoming, outgoing, url)
          : api(incoming, outgoing, url);
    work.catch((error: unknown) => {
      console.error('[mock-api]', error);
      if (!outgoing.headersSent) json(outgoing, 500, { code: 'unexpected_error' });
      else outgoing.end();
    });
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write(`mock API on http://127.0.0.1:${port}/api\n`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
}

// No top-level await: the package is CommonJS, and so is tsx's output for it.
main().catch((error: unknown) => {
  console.error(error);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
