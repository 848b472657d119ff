import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { uploadResultSchema } from '@/lib/survey-format/response';
import { serializeContent } from '@/server/responses/response-repository';
import { PEER_HEADER } from '@/server/http/request-headers';
import {
  RESPONSE_READS_PER_CLIENT,
  RESPONSE_WRITES_PER_CLIENT,
  UPLOAD_MB_PER_CLIENT,
} from '@/server/security/rate-limit';
import { spendClientLimit } from '@/server/testing/rate-limits';
import { PNG_BYTES, testSurveyFile } from '@/server/testing/fixtures';
import { bearer, bodyOf, routeParams } from '@/server/testing/http';
import { seedSurvey, startResponse } from '@/server/testing/scenario';
import { currentTestDb, setUpTestBackend } from '@/server/testing/test-backend';

import { GET as download } from './[id]/route';
import { POST } from './route';

vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'));

const backend = setUpTestBackend();

interface UploadParts {
  survey: number;
  questionId: number;
  responseId: number;
  bytes: Uint8Array | string;
  name: string;
  /** The browser's key for this file; each upload gets its own unless a test repeats one. */
  hashCode?: string;
}

let uploads = 0;

function upload(parts: UploadParts, token?: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  // The file comes before response_id, as the spec lists the fields: the server must not depend on order.
  form.append('survey', String(parts.survey));
  form.append('question_id', String(parts.questionId));
  form.append(
    'file',
    new Blob([typeof parts.bytes === 'string' ? parts.bytes : Uint8Array.from(parts.bytes)]),
    parts.name,
  );
  form.append('response_id', String(parts.responseId));
  form.append('hash_code', parts.hashCode ?? `upload-key-${(uploads += 1)}`);
  return POST(
    new Request('http://localhost:3000/api/v1/upload/file/', {
      method: 'POST',
      body: form,
      headers: { ...bearer(token), ...headers },
    }),
  );
}

function fetchFile(id: string, token?: string, headers: Record<string, string> = {}) {
  return download(
    new Request(`http://localhost:3000/api/v1/upload/file/${id}/`, { headers: { ...bearer(token), ...headers } }),
    routeParams({ id }),
  );
}

/** The id of a stored file; the upload must answer 201. */
async function uploadedId(sent: Promise<Response>): Promise<string> {
  const response = await sent;
  expect(response.status).toBe(201);
  return uploadResultSchema.parse(await response.json()).id;
}

/** What a save of the browser leaves in the response: the question's answer. */
async function saveAnswer(responseId: number, questionId: number, ids: string[]) {
  const db = await currentTestDb();
  await db
    .updateTable('responses')
    .set({ content: serializeContent({ [String(questionId)]: ids }) })
    .where('id', '=', responseId)
    .execute();
}

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

describe('POST /api/v1/upload/file/ and GET /api/v1/upload/file/{id}/', () => {
  let surveyId = 0;
  let oneFileSurveyId = 0;
  beforeAll(async () => {
    surveyId = await seedSurvey(testSurveyFile('upload-survey'));
    // A file question with the format's default limit: one file.
    oneFileSurveyId = await seedSurvey(
      testSurveyFile('upload-one', {
        alerts: [],
        pages: [
          {
            id: 1,
            title: 'Página 1',
            widgets: [{ id: 201, subtype: 'other_file_upload', title: 'CV', settings: { accepted_types: ['pdf'] } }],
          },
        ],
      }),
    );
  });

  it('names the file in the download as RFC 5987 asks, quotes and brackets encoded', async () => {
    const { response, base } = await fresh();
    const created = await upload({ ...base, bytes: PNG_BYTES, name: "it's (mine)*.png" }, response.token);
    const { id } = uploadResultSchema.parse(await created.json());
    const file = await fetchFile(id, response.token);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="it's (mine)*.png"; filename*=UTF-8''it%27s%20%28mine%29%2A.png`,
    );
  });

  async function fresh() {
    const response = await startResponse('upload-survey', surveyId);
    const base = { survey: surveyId, questionId: 103, responseId: response.id };
    return { response, base };
  }

  it('stores a PNG (201 {id, name, size, type}) and serves it back only as an attachment to the token holder', async () => {
    const { response, base } = await fresh();
    const created = await upload({ ...base, bytes: PNG_BYTES, name: 'foto.PNG' }, response.token);
    expect(created.status).toBe(201);
    const result = uploadResultSchema.parse(await created.json());
    expect(result).toMatchObject({ name: 'foto.PNG', size: PNG_BYTES.length, type: 'image/png' });

    const stored = readdirSync(path.join(backend().dataDir, 'uploads'));
    expect(stored.some((name) => name.includes('.'))).toBe(false);

    const file = await fetchFile(result.id, response.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="foto.PNG"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    expect((await fetchFile(result.id)).status).toBe(403);
    const other = await startResponse('upload-survey', surveyId);
    expect((await fetchFile(result.id, other.token)).status).toBe(403);
    expect((await fetchFile('missing-file-id', response.token)).status).toBe(404);
  });

  it('a download counts with the reads of responses: 429 with Retry-After once the client has used them up', async () => {
    const { response, base } = await fresh();
    const created = await upload({ ...base, bytes: PNG_BYTES, name: 'foto.png' }, response.token);
    const { id } = uploadResultSchema.parse(await created.json());
    const client = '203.0.113.31';
    await spendClientLimit(RESPONSE_READS_PER_CLIENT, client, RESPONSE_READS_PER_CLIENT.limit);
    const refused = await fetchFile(id, 'not-the-token', { [PEER_HEADER]: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetchFile(id, response.token, { [PEER_HEADER]: '198.51.100.31' })).status).toBe(200);
  });

  it('an upload counts with the writes of responses: 429 with Retry-After once the client has used them up', async () => {
    const { response, base } = await fresh();
    const client = '203.0.113.32';
    await spendClientLimit(RESPONSE_WRITES_PER_CLIENT, client, RESPONSE_WRITES_PER_CLIENT.limit);
    const refused = await upload({ ...base, bytes: PNG_BYTES, name: 'foto.png' }, response.token, {
      [PEER_HEADER]: client,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await upload({ ...base, bytes: PNG_BYTES, name: 'foto.png' }, response.token, {
      [PEER_HEADER]: '198.51.100.32',
    });
    expect(other.status).toBe(201);
  });

  it('a new file counts its megabytes against the client’s hourly budget; a repeat of one stored is not counted', async () => {
    const { response, base } = await fresh();
    const client = '203.0.113.33';
    const headers = { [PEER_HEADER]: client };
    const first = { ...base, bytes: PNG_BYTES, name: 'a.png', hashCode: 'file-a' };
    expect((await upload(first, response.token, headers)).status).toBe(201);
    await spendClientLimit(UPLOAD_MB_PER_CLIENT, client, UPLOAD_MB_PER_CLIENT.limit - 1);
    expect((await upload(first, response.token, headers)).status).toBe(200);
    const second = await fresh();
    const refused = await upload({ ...second.base, bytes: PNG_BYTES, name: 'b.png' }, second.response.token, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await upload({ ...second.base, bytes: PNG_BYTES, name: 'b.png' }, second.response.token, {
      [PEER_HEADER]: '198.51.100.33',
    });
    expect(elsewhere.status).toBe(201);
  });

  it('refuses HTML or text renamed as .png, and a name that says another type than the content (400 file_format)', async () => {
    const { response, base } = await fresh();
    for (const [bytes, name] of [
      ['<!doctype html><script>alert(1)</script>', 'evil.png'],
      ['just some text', 'notes.png'],
      ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'icon.svg'],
      [PNG_BYTES, 'photo.pdf'],
      [PNG_BYTES, 'page.html'],
    ] as const) {
      const refused = await upload({ ...base, bytes, name }, response.token);
      expect(refused.status, name).toBe(400);
      expect(await bodyOf(refused)).toMatchObject({ code: 'file_format' });
    }
  });

  it('accepts a real PDF and plain UTF-8 CSV', async () => {
    const { response, base } = await fresh();
    const pdf = await upload({ ...base, bytes: PDF, name: 'informe.pdf' }, response.token);
    expect(pdf.status).toBe(201);
    expect(await bodyOf(pdf)).toMatchObject({ type: 'application/pdf' });
    const csv = await upload({ ...base, bytes: 'nombre,valor\nAna,3 < 4\n', name: 'datos.csv' }, response.token);
    expect(csv.status).toBe(201);
    expect(await bodyOf(csv)).toMatchObject({ type: 'text/csv; charset=utf-8' });
    // Markup in a text file is text: it is only ever served as an attachment, never rendered (nosniff, sandbox).
    const markup = await upload(
      { ...base, bytes: 'a,b\n<img src=x onerror=alert(1)>,2\n', name: 'data.csv' },
      response.token,
    );
    expect(markup.status).toBe(201);
  });

  it('413 file_size above max_size_mb', async () => {
    const { response, base } = await fresh();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(20_000)]);
    const refused = await upload({ ...base, bytes: big, name: 'big.png' }, response.token);
    expect(refused.status).toBe(413);
    expect(await bodyOf(refused)).toMatchObject({ code: 'file_size' });
    // Past every limit of the survey: the stream is cut at the cap instead of being written out.
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(3 * 1024 * 1024)]);
    const cut = await upload({ ...base, bytes: huge, name: 'huge.png' }, response.token);
    expect(cut.status).toBe(413);
  });

  it('413 from Content-Length alone, before the body is read', async () => {
    const { response, base } = await fresh();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const huge = await POST(
      new Request('http://localhost:3000/api/v1/upload/file/', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          ...bearer(response.token),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(30 * 1024 * 1024),
        },
      } as RequestInit),
    );
    expect(huge.status).toBe(413);
    expect(await bodyOf(huge)).toMatchObject({ code: 'file_size' });
    // At most what the stream buffered ahead by itself: the 30 MB were never read.
    expect(pulled).toBeLessThanOrEqual(2);
    expect(base.questionId).toBe(103);
  });

  it('400 file_count once the saved answer holds max_files files', async () => {
    const { response, base } = await fresh();
    const a = await uploadedId(upload({ ...base, bytes: PNG_BYTES, name: 'a.png' }, response.token));
    const b = await uploadedId(upload({ ...base, bytes: PNG_BYTES, name: 'b.png' }, response.token));
    await saveAnswer(response.id, base.questionId, [a, b]);
    const third = await upload({ ...base, bytes: PNG_BYTES, name: 'c.png' }, response.token);
    expect(third.status).toBe(400);
    expect(await bodyOf(third)).toMatchObject({ code: 'file_count' });
  });

  describe('a removed file (the browser never says so)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    /** Uploads at a later instant than the one before, so the order of the files is known. */
    let clock = Date.parse('2026-11-24T10:00:00Z');
    function later<T>(send: () => T): T {
      vi.setSystemTime((clock += 1000));
      return send();
    }
    async function storedIds(responseId: number) {
      const db = await currentTestDb();
      const rows = await db.selectFrom('uploads').select('id').where('response_id', '=', responseId).execute();
      return rows.map((row) => row.id).sort();
    }

    it('no longer counts: with one file allowed, the respondent can pick another, and the removed one is deleted', async () => {
      const response = await startResponse('upload-one', oneFileSurveyId);
      const base = { survey: oneFileSurveyId, questionId: 201, responseId: response.id };
      const wrong = await later(() => uploadedId(upload({ ...base, bytes: PDF, name: 'wrong.pdf' }, response.token)));
      // Removed before or after its save: the stored answer no longer has it either way.
      await saveAnswer(response.id, base.questionId, [wrong]);
      await saveAnswer(response.id, base.questionId, []);
      const right = await later(() => uploadedId(upload({ ...base, bytes: PDF, name: 'right.pdf' }, response.token)));
      expect(await storedIds(response.id)).toEqual([right]);
      expect((await fetchFile(wrong, response.token)).status).toBe(404);

      // Never saved at all: an upload the answer cannot hold beside the new one was removed too.
      const other = await later(() => uploadedId(upload({ ...base, bytes: PDF, name: 'other.pdf' }, response.token)));
      expect(await storedIds(response.id)).toEqual([other]);

      await saveAnswer(response.id, base.questionId, [other]);
      const full = await later(() => upload({ ...base, bytes: PDF, name: 'more.pdf' }, response.token));
      expect(full.status).toBe(400);
      expect(await bodyOf(full)).toMatchObject({ code: 'file_count' });
    });

    it('keeps what the answer references and the newest others (in flight), never more than max_files', async () => {
      const { response, base } = await fresh();
      const send = (name: string) =>
        later(() => uploadedId(upload({ ...base, bytes: PNG_BYTES, name }, response.token)));
      const a = await send('a.png');
      // b is in flight: stored, its save not arrived yet.
      const b = await send('b.png');
      expect(await storedIds(response.id)).toEqual([a, b].sort());

      await saveAnswer(response.id, base.questionId, [a]);
      const c = await send('c.png');
      expect(await storedIds(response.id)).toEqual([a, c].sort());

      await saveAnswer(response.id, base.questionId, []);
      const d = await send('d.png');
      expect(await storedIds(response.id)).toEqual([c, d].sort());
      const e = await send('e.png');
      expect(await storedIds(response.id)).toEqual([d, e].sort());
    });
  });

  it('a new signature replaces the previous one', async () => {
    const { response, base } = await fresh();
    for (const name of ['signature.png', 'blob']) {
      expect((await upload({ ...base, questionId: 104, bytes: PNG_BYTES, name }, response.token)).status).toBe(201);
    }
    const db = await currentTestDb();
    const rows = await db.selectFrom('uploads').select('id').where('response_id', '=', response.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a new signature is stored even when the previous file cannot be removed (its row goes; the sweep removes it)', async () => {
    const { response, base } = await fresh();
    const db = await currentTestDb();
    await uploadedId(upload({ ...base, questionId: 104, bytes: PNG_BYTES, name: 'first.png' }, response.token));
    const { storage_name: firstName } = await db
      .selectFrom('uploads')
      .select('storage_name')
      .where('response_id', '=', response.id)
      .executeTakeFirstOrThrow();
    // A folder where the file was: removing it fails, on either store (PostgreSQL's removes the disk copy too).
    const firstPath = path.join(backend().dataDir, 'uploads', firstName);
    rmSync(firstPath, { force: true });
    mkdirSync(path.join(firstPath, 'blocked'), { recursive: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const second = await uploadedId(
      upload({ ...base, questionId: 104, bytes: PNG_BYTES, name: 'second.png' }, response.token),
    );
    expect(errors).toHaveBeenCalledWith('[uploads] a replaced file stays until the sweep', expect.anything());
    errors.mockRestore();
    const rows = await db.selectFrom('uploads').select('id').where('response_id', '=', response.id).execute();
    expect(rows).toEqual([{ id: second }]);
    const served = await fetchFile(second, response.token);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(Uint8Array.from(PNG_BYTES));
  });

  it('a repeated upload (its answer lost) answers the stored file: 200, no second file, no count limit, no replacing', async () => {
    const { response, base } = await fresh();
    const file = { ...base, bytes: PNG_BYTES, name: 'once.png', hashCode: 'KEY-0123456789abcdef' };
    const first = await upload(file, response.token);
    expect(first.status).toBe(201);
    const stored = uploadResultSchema.parse(await first.json());
    const again = await upload(file, response.token);
    expect(again.status).toBe(200);
    expect(uploadResultSchema.parse(await again.json())).toEqual(stored);

    // A signature replaces the previous one, but never on a replay of the same one.
    const signature = {
      ...base,
      questionId: 104,
      bytes: PNG_BYTES,
      name: 'signature.png',
      hashCode: 'SIG-0123456789abcdef',
    };
    const signed = uploadResultSchema.parse(await (await upload(signature, response.token)).json());
    expect((await upload(signature, response.token)).status).toBe(200);
    const db = await currentTestDb();
    const rows = await db
      .selectFrom('uploads')
      .select(['id', 'question_id'])
      .where('response_id', '=', response.id)
      .orderBy('question_id')
      .execute();
    expect(rows).toEqual([
      { id: stored.id, question_id: 103 },
      { id: signed.id, question_id: 104 },
    ]);
    expect(await (await fetchFile(signed.id, response.token)).arrayBuffer()).toEqual(PNG_BYTES.buffer);
  });

  it('403 without the right token, 400 for a foreign survey, a non-file question or a bad body, 409 once finished', async () => {
    const { response, base } = await fresh();
    const file = { ...base, bytes: PNG_BYTES, name: 'a.png' };
    expect((await upload(file)).status).toBe(403);
    expect((await upload(file, 'forged-token')).status).toBe(403);
    const other = await startResponse('upload-survey', surveyId);
    expect((await upload(file, other.token)).status).toBe(403);

    const foreign = await upload({ ...file, survey: surveyId + 1 }, response.token);
    expect(await bodyOf(foreign)).toMatchObject({ code: 'survey_mismatch' });
    const notFileQuestion = await upload({ ...file, questionId: 101 }, response.token);
    expect(notFileQuestion.status).toBe(400);
    expect(await bodyOf(notFileQuestion)).toMatchObject({ code: 'invalid_question' });

    const notMultipart = await POST(
      new Request('http://localhost:3000/api/v1/upload/file/', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', ...bearer(response.token) },
      }),
    );
    expect(notMultipart.status).toBe(400);
    expect(await bodyOf(notMultipart)).toMatchObject({ code: 'invalid_multipart' });

    const form = new FormData();
    form.append('survey', 'abc');
    const noFields = await POST(
      new Request('http://localhost:3000/api/v1/upload/file/', {
        method: 'POST',
        body: form,
        headers: bearer(response.token),
      }),
    );
    expect(noFields.status).toBe(400);
    expect(await bodyOf(noFields)).toMatchObject({ code: 'invalid_body' });

    const db = await currentTestDb();
    await db.updateTable('responses').set({ expired_partial: 1 }).where('id', '=', response.id).execute();
    const expired = await upload(file, response.token);
    expect(expired.status).toBe(409);
    expect(await bodyOf(expired)).toMatchObject({ code: 'response_expired' });
    await db.updateTable('responses').set({ completed: 1, expired_partial: 0 }).where('id', '=', response.id).execute();
    const finished = await upload(file, response.token);
    expect(finished.status).toBe(409);
    expect(await bodyOf(finished)).toMatchObject({ code: 'response_completed' });
  });

  it('leaves no partial files behind after refusals', async () => {
    const leftovers = readdirSync(path.join(backend().dataDir, 'uploads')).filter((name) =>
      name.startsWith('.incoming'),
    );
    expect(leftovers).toEqual([]);
  });
});
