import 'server-only';

import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import { uploadFieldsSchema, type UploadResult } from '@/lib/survey-format/response';

import type { Db } from '../db/create-db';
import { withLock } from '../db/lock';
import { ApiError, badRequest, conflict } from '../http/api-error';
import { invalidResponseToken } from '../responses/response-access';
import { findResponseByTokenHash } from '../responses/response-repository';
import { randomAlphanumeric, sha256Hex } from '../security/random-token';
import { requireSurveyById, widgetsOf } from '../surveys/load-survey';
import { decideFileKind } from './file-kind';
import { receiveMultipart, type ReceivedMultipart } from './receive-multipart';
import { uploadPolicyOf, type UploadPolicy } from './upload-policy';
import { ensureUploadsDir, randomStorageName, removeStoredFile, storedFilePath } from './upload-storage';

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

function fileSizeError(policy: UploadPolicy): ApiError {
  const mb = Math.round((policy.maxBytes / (1024 * 1024)) * 10) / 10;
  return new ApiError(413, 'file_size', `The file is larger than the ${mb} MB this question accepts.`);
}

/**
 * Stores one file for a file or signature question of the caller's own response.
 * The response is found from its bearer token before the body is read, so the body's size cap comes from that
 * survey's questions; everything the body says is then checked against the token's response.
 */
export async function uploadFile(
  db: Db,
  request: Request,
  token: string | undefined,
  now: number,
): Promise<UploadResult> {
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

  const dir = await ensureUploadsDir();
  const tempPath = path.join(dir, `.incoming-${randomStorageName()}`);
  let received: ReceivedMultipart;
  try {
    received = await receiveMultipart(request, tempPath, streamCap);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }

  const storageName = randomStorageName();
  try {
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
    const policy = policies.get(fields.question_id);
    if (policy === undefined) {
      throw badRequest('invalid_question', `Question ${fields.question_id} of this survey does not take files.`);
    }
    if (file.truncated || file.size > policy.maxBytes) throw fileSizeError(policy);
    const kind = await decideFileKind(file.head, file.name, policy.accepted, () => readFile(tempPath));

    await rename(tempPath, storedFilePath(storageName));
    const id = randomAlphanumeric(UPLOAD_ID_LENGTH);
    const replaced = await withLock(db, `upload:${response.id}:${fields.question_id}`, async (trx) => {
      const existing = await trx
        .selectFrom('uploads')
        .select(['id', 'storage_name'])
        .where('response_id', '=', response.id)
        .where('question_id', '=', fields.question_id)
        .execute();
      if (policy.replaces) {
        const previous = existing.map((row) => row.id);
        if (previous.length > 0) await trx.deleteFrom('uploads').where('id', 'in', previous).execute();
      } else if (existing.length >= policy.maxFiles) {
        throw badRequest('file_count', `This question accepts at most ${policy.maxFiles} file(s).`);
      }
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
          hash_code: fields.hash_code.slice(0, 128) || null,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      return policy.replaces ? existing : [];
    });
    await Promise.all(replaced.map((row) => removeStoredFile(row.storage_name)));
    return { id, name: file.name, size: file.size, type: kind.mime };
  } catch (error) {
    await Promise.all([rm(tempPath, { force: true }), removeStoredFile(storageName)]);
    throw error;
  }
}
