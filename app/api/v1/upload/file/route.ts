import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { bearerToken, clientAddress } from '@/server/http/request-headers';
import { consumeClientLimit, RESPONSE_WRITES_PER_CLIENT } from '@/server/security/rate-limit';
import { uploadFile } from '@/server/uploads/upload-file';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/v1/upload/file/ — multipart (survey, question_id, file, response_id, hash_code); needs the token.
 * 201 for a new file, 200 for a repeated upload (same response, question and `hash_code`) answered with the stored one.
 * Counted per client with the other writes of responses, before the body is read, and a new file's megabytes against
 * the client's hourly budget (UPLOAD_MB_PER_CLIENT).
 */
export function POST(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const db = await getDb();
    const client = clientAddress(request);
    await consumeClientLimit(db, RESPONSE_WRITES_PER_CLIENT, client, Date.now());
    const { upload, created } = await uploadFile(db, request, bearerToken(request), Date.now(), client);
    return json(upload, created ? 201 : 200);
  });
}
