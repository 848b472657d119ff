import 'server-only';

import type { Db } from '../db/create-db';
import { notFound } from '../http/api-error';
import { holdsResponseToken, invalidResponseToken } from '../responses/response-access';
import { uploadStorageOf } from './upload-storage';

/** `filename` for old clients (ASCII only) and `filename*` with the real name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 5987's attr-char leaves out ' ( ) *, which encodeURIComponent keeps.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored file to the holder of its response's token, always as a download: the browser neither renders
 * it (attachment, nosniff, sandboxing CSP) nor caches it.
 */
export async function downloadFile(db: Db, uploadId: string, token: string | undefined): Promise<Response> {
  const upload = await db
    .selectFrom('uploads')
    .innerJoin('responses', 'responses.id', 'uploads.response_id')
    .select(['uploads.storage_name', 'uploads.original_name', 'uploads.mime', 'uploads.size', 'responses.token_hash'])
    .where('uploads.id', '=', uploadId)
    .executeTakeFirst();
  if (upload === undefined) throw notFound(`No file has the id "${uploadId}".`);
  if (!holdsResponseToken(upload, token)) throw invalidResponseToken();
  const body = await uploadStorageOf(db).open(upload.storage_name);
  // A row whose file is gone (disk restored from an older backup) is a 404, not a stream that dies mid-way.
  if (body === null) throw notFound(`The file "${uploadId}" is no longer stored.`);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': upload.mime,
      'Content-Length': String(upload.size),
      'Content-Disposition': contentDisposition(upload.original_name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
