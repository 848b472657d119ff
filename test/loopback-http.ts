import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';

/** A reply as it came over the wire: its body still encoded as sent. */
export type RawReply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Starts `server` on a free loopback port and returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** One request to a loopback server, with exactly these headers (none added but Node's own). */
export function requestLoopback(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
