import { describe, expect, it } from 'vitest';
import { exampleSurvey } from '@/lib/survey-format/example-survey';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { paths } from './paths';
import { createSurveyApi } from './survey-api';
import { fakeAdapter, type FakeReply, type RecordedRequest } from './test-adapter';

function setup(reply: (request: RecordedRequest) => FakeReply) {
  const client = createApiClient({ baseURL: 'https://api.example.com/api' });
  const fake = fakeAdapter(reply);
  client.defaults.adapter = fake.adapter;
  return { api: createSurveyApi(client), requests: fake.requests };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const response = { code: 'r'.repeat(24), id: 9, survey: 42, token: 'tok' };

describe('paths', () => {
  it('keep the trailing slash and encode codes', () => {
    expect(paths.readSurvey('abc')).toBe('/v1/read-survey/abc/');
    expect(paths.readSurvey('../x?y#z')).toBe('/v1/read-survey/..%2Fx%3Fy%23z/');
    expect(paths.alertQueue('a b', 3)).toBe('/v1/survey-alert-queue/a%20b/3/');
    expect(paths.emailQueue('c')).toBe('/v1/survey-email-response-queue/c/');
    expect(paths.checkPassword()).toBe('/v2/surveys/check-password-repository/');
    expect(paths.upload()).toBe('/v1/upload/file/');
  });
});

describe('readSurvey', () => {
  it("reads a survey its own config closes as closed, whatever the top level says (another backend's answer)", async () => {
    const { api } = setup(() => ({
      data: { ...exampleSurvey, is_open: true, config: { ...exampleSurvey.config, end_date: '2001-01-01' } },
    }));
    expect(await api.readSurvey('demo')).toMatchObject({ is_open: false, close_reason: 'end_date' });
  });

  it('GETs and parses the survey, with defaults applied', async () => {
    const { api, requests } = setup(() => ({ data: exampleSurvey }));
    const survey = await api.readSurvey('demo');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.fullUrl).toBe('https://api.example.com/api/v1/read-survey/demo/');
    expect(requests[0]!.headers.Authorization).toBeUndefined();
    expect(survey.survey_id).toBe(42);
    expect(survey.config.hide_back_button).toBe(true);
  });

  it('sends the gate access token as a bearer token', async () => {
    const { api, requests } = setup(() => ({ data: exampleSurvey }));
    await api.readSurvey('demo', { accessToken: 'gate' });
    expect(requests[0]!.headers.Authorization).toBe('Bearer gate');
  });

  it.each([null, 'text', { survey_id: 'x' }, { pages: [] }])(
    'a malformed survey (%j) is access_error',
    async (data) => {
      const { api } = setup(() => ({ data }));
      const error = await failure(api.readSurvey('demo'));
      expect(error.key).toBe('access_error');
      expect(error.status).toBe(200);
    },
  );

  it.each([
    [403, 'authentication_error'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [429, 'rate_exceed'],
    [409, 'system_messages_unique_responses'],
    [500, 'unexpected_error'],
  ] as const)('HTTP %i → %s', async (status, key) => {
    const { api } = setup(() => ({ status, data: { code: 'x' } }));
    const error = await failure(api.readSurvey('demo'));
    expect(error.key).toBe(key);
    expect(error.status).toBe(status);
    expect(error.code).toBe('x');
  });

  it('carries Retry-After on 429', async () => {
    const { api } = setup(() => ({ status: 429, headers: { 'Retry-After': '12' } }));
    expect((await failure(api.readSurvey('demo'))).retryAfterMs).toBe(12_000);
  });
});

describe('responses', () => {
  it('createResponse POSTs the body and parses the answer', async () => {
    const { api, requests } = setup(() => ({ status: 201, data: response }));
    const body = {
      survey: 42,
      fingerprint: 'fp',
      client_signature: 'sig',
      start_date: '2026-11-22T10:30:00.000+01:00',
    };
    expect(await api.createResponse('demo', body)).toEqual(response);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/v1/survey-response/demo/');
    expect(requests[0]!.data).toEqual(body);
    expect(requests[0]!.headers['Content-Type']).toMatch(/application\/json/);
  });

  it('createResponse: 409 is the unique-responses message; a malformed answer is unexpected', async () => {
    const body = {
      survey: 42,
      fingerprint: 'fp',
      client_signature: 'sig',
      start_date: '2026-11-22T10:30:00.000+01:00',
    };
    expect((await failure(setup(() => ({ status: 409 })).api.createResponse('demo', body))).key).toBe(
      'system_messages_unique_responses',
    );
    expect((await failure(setup(() => ({ data: { id: 1 } })).api.createResponse('demo', body))).key).toBe(
      'unexpected_error',
    );
  });

  it('getResponse sends the token and query, and parses', async () => {
    const { api, requests } = setup(() => ({ data: { code: 'abc', id: 9, content: { '1': ['2'] } } }));
    const read = await api.getResponse('abc', { token: 'tok', params: { survey: 42, fingerprint: 'fp' } });
    expect(read.content).toEqual({ '1': ['2'] });
    expect(read.completed).toBe(false);
    expect(requests[0]!.headers.Authorization).toBe('Bearer tok');
    expect(requests[0]!.params).toEqual({ survey: 42, fingerprint: 'fp' });
  });

  it('patchResponse sends a normalised body with the bearer token', async () => {
    const { api, requests } = setup(() => ({ data: {} }));
    await api.patchResponse(
      'abc',
      { seq: 3, content: { '1': [''], '2': ['x'] }, expired_empty: false, expired_partial: false },
      'tok',
    );
    expect(requests[0]!.method).toBe('PATCH');
    expect(requests[0]!.url).toBe('/v1/survey-response/abc/');
    expect(requests[0]!.data).toEqual({
      seq: 3,
      content: { '1': [], '2': ['x'] },
      expired_empty: false,
      expired_partial: false,
    });
    expect(requests[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('patchResponse refuses a body of no known form without a request', async () => {
    const { api, requests } = setup(() => ({ data: {} }));
    // @ts-expect-error — deliberately not one of the six forms
    const error = await failure(api.patchResponse('abc', { seq: 1 }, 'tok'));
    expect(error.key).toBe('unexpected_error');
    expect(requests).toHaveLength(0);
  });

  it('patchResponse: a finished response answers 409', async () => {
    const { api } = setup(() => ({ status: 409, data: { code: 'response_completed' } }));
    const error = await failure(api.patchResponse('abc', { seq: 1, redirected: true }, 'tok'));
    expect(error.status).toBe(409);
    expect(error.code).toBe('response_completed');
  });
});

describe('queues', () => {
  it('queueResponseEmail', async () => {
    const { api, requests } = setup(() => ({ status: 202 }));
    await api.queueResponseEmail('abc', { email: 'a@b.c', subject: 'S' }, 'tok');
    expect(requests[0]!.url).toBe('/v1/survey-email-response-queue/abc/');
    expect(requests[0]!.data).toEqual({
      template: null,
      email_config: null,
      subject: 'S',
      email: 'a@b.c',
      attach_excel: false,
    });
    expect(requests[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('queueAlert', async () => {
    const { api, requests } = setup(() => ({ status: 202 }));
    await api.queueAlert('abc', 1, { id: 1, page_id: 3 }, 'tok');
    expect(requests[0]!.url).toBe('/v1/survey-alert-queue/abc/1/');
    expect(requests[0]!.data).toEqual({ id: 1, page_id: 3 });
  });
});

describe('checkPassword', () => {
  it('POSTs and parses', async () => {
    const { api, requests } = setup(() => ({ data: { is_valid: true, custom_fields: {}, access_token: 'gate' } }));
    const result = await api.checkPassword({ survey_id: 42, password: 'pw' });
    expect(result).toEqual({ is_valid: true, custom_fields: {}, access_token: 'gate' });
    expect(requests[0]!.url).toBe('/v2/surveys/check-password-repository/');
    expect(requests[0]!.data).toEqual({ survey_id: 42, password: 'pw' });
  });

  it('429 carries Retry-After as an HTTP date', async () => {
    const when = new Date(Date.now() + 60_000).toUTCString();
    const { api } = setup(() => ({ status: 429, headers: { 'retry-after': when } }));
    const error = await failure(api.checkPassword({ survey_id: 42, password: 'pw' }));
    expect(error.key).toBe('rate_exceed');
    expect(error.retryAfterMs).toBeGreaterThan(55_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });
});

describe('files', () => {
  it('uploadFile sends multipart fields and the file, reports progress', async () => {
    const { api, requests } = setup((request) => {
      request.config.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true });
      return { data: { id: 7, name: 'a.txt', size: 10, type: 'text/plain' } };
    });
    const progress: number[] = [];
    const file = new Blob(['0123456789'], { type: 'text/plain' });
    const result = await api.uploadFile(
      { survey: 42, question_id: 101, response_id: 9, hash_code: 'h', file, fileName: 'a.txt' },
      'tok',
      (fraction) => progress.push(fraction),
    );
    expect(result).toEqual({ id: '7', name: 'a.txt', size: 10, type: 'text/plain' });
    expect(progress).toEqual([0.5]);
    const request = requests[0]!;
    expect(request.url).toBe('/v1/upload/file/');
    expect(request.headers.Authorization).toBe('Bearer tok');
    const form = request.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('survey')).toBe('42');
    expect(form.get('question_id')).toBe('101');
    expect(form.get('response_id')).toBe('9');
    expect(form.get('hash_code')).toBe('h');
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as File).name).toBe('a.txt');
  });

  it('downloadFile asks for a blob, without credentials to another origin', async () => {
    const blob = new Blob(['x']);
    const { api, requests } = setup(() => ({ data: blob }));
    expect(await api.downloadFile('https://cdn.example.net/a.pdf')).toBe(blob);
    expect(requests[0]!.responseType).toBe('blob');
    expect(requests[0]!.withCredentials).toBe(false);
    await api.downloadFile('https://api.example.com/api/media/a.pdf');
    expect(requests[1]!.withCredentials).toBe(true);
  });
});
