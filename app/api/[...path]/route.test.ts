import { describe, expect, it } from 'vitest';

import { apiRequest, bodyOf } from '@/server/testing/http';

import { GET, PATCH, POST } from './route';

describe('an API path no route answers', () => {
  it("moves the calls' underscored spelling to the hyphenated one, permanently, query kept", async () => {
    const moved = await GET(apiRequest('GET', '/api/v1/read_survey/demo-simple/?lang=fr'));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/api/v1/read-survey/demo-simple/?lang=fr');
    const encoded = await GET(apiRequest('GET', '/api/v1/survey%5Fresponse/abc/'));
    expect(encoded.status).toBe(301);
    expect(encoded.headers.get('location')).toBe('/api/v1/survey-response/abc/');
  });

  it('moves a call that writes with 308, so it is not sent again as a GET without its body', async () => {
    const moved = await POST(apiRequest('POST', '/api/v1/survey_response/demo-simple/', { survey: 1 }));
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/api/v1/survey-response/demo-simple/');
    expect((await PATCH(apiRequest('PATCH', '/api/v1/survey_response/abc/', {}))).status).toBe(308);
  });

  it('is otherwise a 404 in the API shape, never a page', async () => {
    for (const path of ['/api/v1/nothing/', '/api/v1/read_form/x/', '/api/survey/']) {
      const response = await GET(apiRequest('GET', path));
      expect(response.status, path).toBe(404);
      expect(await bodyOf(response), path).toMatchObject({ code: 'not_found' });
    }
  });
});
