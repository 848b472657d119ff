import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { bearerToken } from '@/server/http/request-headers';
import { uploadFile } from '@/server/uploads/upload-file';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/v1/upload/file/ — multipart (survey, question_id, file, response_id, hash_code); needs the token.
 * 201 for a new file, 200 for a repeated upload (same response, question and `hash_code`) answered with the stored one.
 */
export function POST(request: Request): Promise<Response> {
  return handleRoute(async () => {
    const { upload, created } = await uploadFile(await getDb(), request, bearerToken(request), Date.now());
    return json(upload, created ? 201 : 200);
  });
}
