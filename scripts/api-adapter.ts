/**
 * The app's own API route handlers (`app/api/**`, spec §7 and docs/survey-format.md) behind a plain Node HTTP
 * request, without a Next build: the soak's backend and the QA mock API serve the source as it is. Load under
 * `tsx --conditions=react-server` (which resolves `server-only`), after the environment (DATA_DIR…) is set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

import * as alertQueue from '@/app/api/v1/survey-alert-queue/[code]/[alertId]/route';
import * as emailQueue from '@/app/api/v1/survey-email-response-queue/[code]/route';
import * as readSurvey from '@/app/api/v1/read-survey/[code]/route';
import * as surveyResponse from '@/app/api/v1/survey-response/[code]/route';
import * as uploadedFile from '@/app/api/v1/upload/file/[id]/route';
import * as upload from '@/app/api/v1/upload/file/route';
import * as checkPassword from '@/app/api/v2/surveys/check-password-repository/route';

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
  { pattern: /^\/api\/v1\/upload\/file\/([^/]+)\/?$/, names: ['id'], methods: { GET: handler(uploadedFile.GET) } },
  {
    pattern: /^\/api\/v2\/surveys\/check-password-repository\/$/,
    names: [],
    methods: { POST: handler((request: Request) => checkPassword.POST(request)) },
  },
];

/**
 * The API's answer to a Node request, or `null` when no route of the API takes it. `body`: the request's body when
 * the caller has already read it (else it is streamed from `incoming`).
 */
export async function answerApiRequest(incoming: IncomingMessage, url: URL, body?: Buffer): Promise<Response | null> {
  const method = incoming.method ?? 'GET';
  for (const route of routes) {
    const match = route.pattern.exec(url.pathname);
    const routeHandler = match ? route.methods[method] : undefined;
    if (!match || !routeHandler) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const request = new Request(url, {
      method,
      headers: incoming.headers as Record<string, string>,
      body: hasBody ? (body ?? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>)) : undefined,
      // Node's fetch needs it for a streamed body.
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    return routeHandler(request, { params: Promise.resolve(params) });
  }
  return null;
}

/** Writes a fetch `Response` to a Node response. */
export async function sendResponse(response: Response, outgoing: ServerResponse, extraHeaders = {}): Promise<void> {
  outgoing.writeHead(response.status, { ...Object.fromEntries(response.headers), ...extraHeaders });
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

export const NOT_FOUND_BODY = '{"code":"not_found"}';
