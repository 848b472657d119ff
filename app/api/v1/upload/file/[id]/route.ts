import { z } from 'zod';

import { getDb } from '@/server/db/get-db';
import { handleRoute } from '@/server/http/json';
import { codeSchema, parseParams } from '@/server/http/parse';
import { bearerToken } from '@/server/http/request-headers';
import { downloadFile } from '@/server/uploads/download-file';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: codeSchema });

/** GET /api/v1/upload/file/{id}/ — the stored file as an attachment, for the holder of its response's token. */
export function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleRoute(async () => {
    const { id } = await parseParams(context.params, paramsSchema);
    return downloadFile(await getDb(), id, bearerToken(request));
  });
}
