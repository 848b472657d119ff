import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';

/**
 * A proxy on loopback between the simulated respondents and the backend that loses, refuses, repeats and delays
 * what passes, as a phone's network and a busy server do. Each request meets at most one fault, drawn from a
 * seeded random source so a run can be replayed. While the backend is down (a restart), requests fail as they
 * would against a real one: the connection is refused, which the proxy passes on as a 502.
 */

export type Fault = 'dropped_request' | 'dropped_ack' | 'unavailable' | 'duplicated' | 'delayed' | 'backend_down';

export interface FaultProxy {
  port: number;
  counts: Record<Fault | 'requests', number>;
  close(): Promise<void>;
}

type Upstream = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Fault rates per request (the rest pass untouched). */
const RATES: ReadonlyArray<readonly [Exclude<Fault, 'backend_down'>, number]> = [
  ['dropped_request', 0.05],
  ['dropped_ack', 0.06],
  ['unavailable', 0.05],
  ['duplicated', 0.06],
  ['delayed', 0.04],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function forward(
  targetPort: number,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<Upstream | null> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: targetPort, method, path, headers: { ...headers, host: `127.0.0.1:${targetPort}` } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
        incoming.on('error', () => resolve(null));
      },
    );
    outgoing.on('error', () => resolve(null));
    outgoing.end(body);
  });
}

export function startFaultProxy(targetPort: number, random: () => number): Promise<FaultProxy> {
  const counts: FaultProxy['counts'] = {
    requests: 0,
    dropped_request: 0,
    dropped_ack: 0,
    unavailable: 0,
    duplicated: 0,
    delayed: 0,
    backend_down: 0,
  };
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        counts.requests += 1;
        const body = Buffer.concat(chunks);
        const { method = 'GET', url = '/', headers } = incoming;
        let draw = random();
        let fault: Fault | null = null;
        for (const [candidate, rate] of RATES) {
          if (draw < rate) {
            fault = candidate;
            break;
          }
          draw -= rate;
        }
        if (fault === 'dropped_request') {
          counts.dropped_request += 1;
          incoming.socket.destroy();
          return;
        }
        if (fault === 'unavailable') {
          counts.unavailable += 1;
          outgoing.writeHead(503, { 'Retry-After': random() < 0.5 ? '0' : '1', 'Content-Type': 'application/json' });
          outgoing.end('{"code":"unavailable"}');
          return;
        }
        if (fault === 'delayed') {
          counts.delayed += 1;
          await sleep(100 + random() * 500);
        }
        const answer = await forward(targetPort, method, url, headers, body);
        if (fault === 'duplicated') {
          // The same request delivered again later, after the respondent may have moved on: a reordered replay.
          counts.duplicated += 1;
          setTimeout(() => void forward(targetPort, method, url, headers, body), 20 + random() * 400);
        }
        if (answer === null) {
          counts.backend_down += 1;
          outgoing.writeHead(502, { 'Content-Type': 'application/json' }).end('{"code":"bad_gateway"}');
          return;
        }
        if (fault === 'dropped_ack') {
          // The backend did the work; its answer is lost on the way back.
          counts.dropped_ack += 1;
          incoming.socket.destroy();
          return;
        }
        const { 'transfer-encoding': _chunked, connection: _connection, ...passed } = answer.headers;
        outgoing.writeHead(answer.status, passed);
        outgoing.end(answer.body);
      })();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        counts,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
