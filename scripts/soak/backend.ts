/**
 * The embedded backend for the soak (`npm run soak`): the app's own API route handlers (`app/api/**`), served by
 * scripts/api-adapter.ts on loopback, so the soak needs no Next build and tests the source as it is. Run as a
 * child process under `tsx --conditions=react-server` (which resolves `server-only`), so it can be killed and
 * restarted mid-run like a real deployment. Usage: backend.ts <port>. Environment: DATA_DIR or DATABASE_URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { PEER_FROM_SOCKET } from '@/server/http/request-headers';
import { answerApiRequest, NOT_FOUND_BODY, sendResponse } from '../api-adapter';

// Each simulated respondent names its own address in the peer header (soak.ts), which the handlers then believe.
process.env[PEER_FROM_SOCKET] = '1';

async function answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  const response = await answerApiRequest(incoming, url);
  if (response) await sendResponse(response, outgoing);
  else outgoing.writeHead(404, { 'Content-Type': 'application/json' }).end(NOT_FOUND_BODY);
}

const port = Number(process.argv[2]);
createServer((incoming, outgoing) => {
  answer(incoming, outgoing).catch((error: unknown) => {
    console.error('[soak backend]', error);
    if (!outgoing.headersSent) outgoing.writeHead(500);
    outgoing.end();
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
