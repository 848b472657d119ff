import { getDb } from '@/server/db/get-db';
import { json, handleRoute } from '@/server/http/json';
import { bearerToken } from '@/server/http/request-headers';
import { uploadFile } from '@/server/uploads/upload-file';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/v1/upload/file/ — multipart (survey, question_id, file, response_id, hash_code); needs the token. */
export function POST(request: Request): Promise<Response> {
  return handleRoute(async () => {
    return json(await uploadFile(await getDb(), request, bearerToken(request), Date.now()), 201);
  });
}
