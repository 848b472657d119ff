/**
 * The embedded backend for the soak (`npm run soak`): the app's own API route handlers (`app/api/**`), served by a
 * small Node HTTP adapter on loopback, so the soak needs no Next build and tests the source as it is. Run as a
 * child process under `tsx --conditions=react-server` (which resolves `server-only`), so it can be killed and
 * restarted mid-run like a real deployment. Usage: backend.ts <port>. Environment: DATA_DIR or DATABASE_URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

import * as alertQueue from '@/app/api/v1/survey-alert-queue/[code]/[alertId]/route';
import * as emailQueue from '@/app/api/v1/survey-email-response-queue/[code]/route';
import * as readSurvey from '@/app/api/v1/read-survey/[code]/route';
import * as surveyResponse from '@/app/api/v1/survey-response/[code]/route';
import * as upload from '@/app/api/v1/upload/file/route';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { pattern: RegExp; names: string[]; methods: Record<string, Handler> };

/**
 * A route's handler, called with the params its pattern names (`names` below match each handler's own params, as
 * Next's folder names do); the one cast of the adapter.
 */
function handler<P>(route: (request: Request, context: { params: Promise<P> }) => Promise<Response>): Handler {
  return route as unknown as Handler;
}

const routes: Route[] = [
  {
    pattern: /^\/api\/v1\/survey-response\/([^/]+)\/$/,
    names: ['code'],
    methods: {
      POST: handler(surveyResponse.POST),
      GET: handler(surveyResponse.GET),
      PATCH: handler(surveyResponse.PATCH),
    },
  },
  { pattern: /^\/api\/v1\/read-survey\/([^/]+)\/$/, names: ['code'], methods: { GET: handler(readSurvey.GET) } },
  {
    pattern: /^\/api\/v1\/survey-alert-queue\/([^/]+)\/([^/]+)\/$/,
    names: ['code', 'alertId'],
    methods: { POST: handler(alertQueue.POST) },
  },
  {
    pattern: /^\/api\/v1\/survey-email-response-queue\/([^/]+)\/$/,
    names: ['code'],
    methods: { POST: handler(emailQueue.POST) },
  },
  {
    pattern: /^\/api\/v1\/upload\/file\/$/,
    names: [],
    methods: { POST: handler((request: Request) => upload.POST(request)) },
  },
];

async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  const method = incoming.method ?? 'GET';
  for (const route of routes) {
    const match = route.pattern.exec(url.pathname);
    const handler = match ? route.methods[method] : undefined;
    if (!match || !handler) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const request = new Request(url, {
      method,
      headers: incoming.headers as Record<string, string>,
      body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
      // Node's fetch needs it for a streamed body.
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(params) });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  outgoing.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":"not_found"}');
}

const port = Number(process.argv[2]);
createServer((incoming, outgoing) => {
  answer(incoming, outgoing).catch((error: unknown) => {
    console.error('[soak backend]', error);
    if (!outgoing.headersSent) outgoing.writeHead(500);
    outgoing.end();
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
