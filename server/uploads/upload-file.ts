import 'server-only';

import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';

import { uploadFieldsSchema, type UploadResult } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { ApiError, badRequest, conflict } from '../http/api-error';
import { expiredError, isExpired } from '../responses/patch-response';
import { invalidResponseToken } from '../responses/response-access';
import { findResponseByTokenHash, parseContent } from '../responses/response-repository';
import { consumeClientLimit, UPLOAD_MB_PER_CLIENT } from '../security/rate-limit';
import { randomAlphanumeric, sha256Hex } from '../security/random-token';
import { requireSurveyById, widgetsOf } from '../surveys/load-survey';
import { decideFileKind } from './file-kind';
import { receiveMultipart, type ReceivedMultipart } from './receive-multipart';
import { uploadPolicyOf, type UploadPolicy } from './upload-policy';
import { incomingPath, randomStorageName, uploadStorageOf } from './upload-storage';

const MEGABYTE = 1024 * 1024;

/** Upload ids are answers (exported too): 22 letters and digits, 130 random bits. */
const UPLOAD_ID_LENGTH = 22;

/** Multipart fields are strings; the contract's schema wants integers. */
function parseFields(fields: Record<string, string>) {
  const asInt = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : value);
  const parsed = uploadFieldsSchema.safeParse({
    survey: asInt(fields.survey),
    question_id: asInt(fields.question_id),
    response_id: asInt(fields.response_id),
    hash_code: fields.hash_code ?? '',
  });
  if (!parsed.success) {
    throw badRequest(
      'invalid_body',
      'The upload needs the fields survey, question_id and response_id (integers) and a file.',
    );
  }
  return parsed.data;
}

function fileSizeError({ maxBytes }: Pick<UploadPolicy, 'maxBytes'>): ApiError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new ApiError(413, 'file_size', `The file is larger than the ${mb} MB this question accepts.`);
}

/** What an upload answers, and whether it stored a new file (201) or found the one its `hash_code` named (200). */
export interface UploadOutcome {
  upload: UploadResult;
  created: boolean;
}

/** The file a repeated upload already stored: same response, question and non-empty `hash_code`. */
async function storedUpload(
  db: Pick<Db, 'selectFrom'>,
  responseId: number,
  questionId: number,
  hashCode: string,
): Promise<UploadResult | null> {
  if (hashCode === '') return null;
  const row = await db
    .selectFrom('uploads')
    .select(['id', 'original_name', 'size', 'mime'])
    .where('response_id', '=', responseId)
    .where('question_id', '=', questionId)
    .where('hash_code', '=', hashCode)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.original_name, size: row.size, type: row.mime } : null;
}

/** The question's answer as the response's stored content holds it: the upload ids it references. */
async function answerOf(db: Pick<Db, 'selectFrom'>, responseId: number, questionId: number): Promise<string[]> {
  const row = await db.selectFrom('responses').select('content').where('id', '=', responseId).executeTakeFirstOrThrow();
  return parseContent(row)[String(questionId)] ?? [];
}

/**
 * The files of a question (newest first) that are no longer in the answer, to be deleted before a new one is
 * stored; throws `file_count` when the answer is full. The browser never says it removed a file (the spec has no
 * such call), so the limit counts only files that can still be in the answer: those the stored content references,
 * and the newest others, which may be in flight (stored, their save not yet arrived). As the browser saves its
 * answer before queuing an upload, and picks no more files than the limit, at most `maxFiles - referenced - 1`
 * files can be in flight beside a new one: any older file the content does not reference was removed. Deleting
 * them keeps at most `maxFiles` files per question, whoever calls.
 */
function removedUploads<Row extends { id: string }>(
  newestFirst: readonly Row[],
  answer: readonly string[],
  maxFiles: number,
): Row[] {
  const referenced = newestFirst.filter((row) => answer.includes(row.id)).length;
  if (referenced >= maxFiles) {
    throw badRequest('file_count', `This question accepts at most ${maxFiles} file(s).`);
  }
  const inFlight = maxFiles - referenced - 1;
  return newestFirst.filter((row) => !answer.includes(row.id)).slice(inFlight);
}

/**
 * Stores one file for a file or signature question of the caller's own response. The browser names each file it
 * sends with a key (`hash_code`): a repeated upload (its answer was lost) answers the file already stored, before
 * any count limit and without replacing a signature.
 * The response is found from its bearer token before the body is read, so the body's size cap comes from that
 * survey's questions; everything the body says is then checked against the token's response.
 */
export async function uploadFile(
  db: Db,
  request: Request,
  token: string | undefined,
  now: number,
  client: string,
): Promise<UploadOutcome> {
  const response = token === undefined ? undefined : await findResponseByTokenHash(db, sha256Hex(token));
  if (response === undefined) throw invalidResponseToken();
  const { survey } = await requireSurveyById(db, response.survey_id);
  const policies = new Map(
    widgetsOf(survey).flatMap((widget) => {
      const policy = uploadPolicyOf(widget);
      return policy === null ? [] : [[widget.id, policy] as const];
    }),
  );
  const streamCap = Math.max(0, ...[...policies.values()].map((policy) => policy.maxBytes));

  const storage = uploadStorageOf(db);
  const tempPath = await incomingPath();
  let received: ReceivedMultipart;
  try {
    received = await receiveMultipart(request, tempPath, streamCap);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }

  const storageName = randomStorageName();
  try {
    // A body cut at the cap may end before its text fields: too large is the answer, whatever else it lacks.
    if (received.file?.truncated) throw fileSizeError({ maxBytes: streamCap });
    const fields = parseFields(received.fields);
    const file = received.file;
    if (file === null) throw badRequest('invalid_body', 'The upload has no file part named "file".');
    if (fields.response_id !== response.id) throw invalidResponseToken();
    if (fields.survey !== response.survey_id) {
      throw badRequest(
        'survey_mismatch',
        `The response belongs to survey ${response.survey_id}, not ${fields.survey}.`,
      );
    }
    if (response.completed === 1) {
      throw conflict('response_completed', 'This response is finished and can no longer change.');
    }
    // Out of time, a response takes no more answers (patch-response.ts), a file among them.
    if (isExpired(response)) throw expiredError();
    const policy = policies.get(fields.question_id);
    if (policy === undefined) {
      throw badRequest('invalid_question', `Question ${fields.question_id} of this survey does not take files.`);
    }
    const hashCode = fields.hash_code.slice(0, 128);
    const earlier = await storedUpload(db, response.id, fields.question_id, hashCode);
    if (earlier) {
      await rm(tempPath, { force: true });
      return { upload: earlier, created: false };
    }
    if (file.truncated || file.size > policy.maxBytes) throw fileSizeError(policy);
    // Only a new file counts: a repeat (answered above) stores nothing.
    await consumeClientLimit(db, UPLOAD_MB_PER_CLIENT, client, now, Math.max(1, Math.ceil(file.size / MEGABYTE)));
    const kind = await decideFileKind(file.head, file.name, policy.accepted, () => createReadStream(tempPath));

    await storage.keep(storageName, tempPath);
    const id = randomAlphanumeric(UPLOAD_ID_LENGTH);
    const outcome = await withLock(db, `upload:${response.id}:${fields.question_id}`, async (trx) => {
      // Checked again under the lock: two deliveries of one upload may race.
      const racing = await storedUpload(trx, response.id, fields.question_id, hashCode);
      if (racing) return { replay: racing, dropped: [] };
      const existing = await trx
        .selectFrom('uploads')
        .select(['id', 'storage_name'])
        .where('response_id', '=', response.id)
        .where('question_id', '=', fields.question_id)
        .orderBy('created_at', 'desc')
        .execute();
      const dropped = policy.replaces
        ? existing
        : removedUploads(existing, await answerOf(trx, response.id, fields.question_id), policy.maxFiles);
      const droppedIds = dropped.map((row) => row.id);
      if (droppedIds.length > 0) await trx.deleteFrom('uploads').where('id', 'in', droppedIds).execute();
      await trx
        .insertInto('uploads')
        .values({
          id,
          response_id: response.id,
          question_id: fields.question_id,
          original_name: file.name,
          size: file.size,
          mime: kind.mime,
          extension: kind.extension,
          storage_name: storageName,
          hash_code: hashCode || null,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      return { replay: null, dropped };
    });
    if (outcome.replay) {
      await storage.remove(storageName);
      return { upload: outcome.replay, created: false };
    }
    // The new file's row is committed: a dropped file that cannot be removed now must not fail the upload (the catch
    // below would remove the new file under its row). Its row is gone, so the hourly sweep of files no row names
    // removes it (sweep-uploads.ts).
    const removals = await Promise.allSettled(outcome.dropped.map((row) => storage.remove(row.storage_name)));
    for (const removal of removals) {
      if (removal.status === 'rejected')
        console.error('[uploads] a replaced file stays until the sweep', removal.reason);
    }
    return { upload: { id, name: file.name, size: file.size, type: kind.mime }, created: true };
  } catch (error) {
    await Promise.all([rm(tempPath, { force: true }), storage.remove(storageName)]);
    throw error;
  }
}
