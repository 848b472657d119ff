import { z } from 'zod';

import { getDb } from '@/server/db/get-db';
import { handleRoute } from '@/server/http/json';
import { codeSchema, parseParams } from '@/server/http/parse';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { consumeClientLimit, RESPONSE_READS_PER_CLIENT } from '@/server/security/rate-limit';
import { downloadFile } from '@/server/uploads/download-file';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: codeSchema });

/**
 * GET /api/v1/upload/file/{id}/ — the stored file as an attachment, for the holder of its response's token; limited
 * per client with the response reads.
 */
export function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { id } = await parseParams(context.params, paramsSchema);
    const db = await getDb();
    await consumeClientLimit(db, RESPONSE_READS_PER_CLIENT, clientAddress(request), Date.now());
    return downloadFile(db, id, bearerToken(request));
  });
}
