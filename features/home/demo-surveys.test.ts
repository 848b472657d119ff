import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchDemoSurveys } from './demo-surveys';

const LIST = [{ code: 'demo-simple', title: 'Simple' }];

function answering(...replies: Response[]) {
  const fetch = vi.fn(async (_input: string | URL | Request) => replies.shift() ?? Response.json(LIST));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the home page’s demo list', () => {
  it('is read once for every home page of one language rendered in the same second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = answering(Response.json(LIST));
    const pages = await Promise.all([fetchDemoSurveys('fr'), fetchDemoSurveys('fr'), fetchDemoSurveys('fr')]);
    expect(pages).toEqual([LIST, LIST, LIST]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/demo-surveys\/\?lang=fr$/);
    vi.setSystemTime(Date.now() + 1_001);
    await fetchDemoSurveys('fr');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not share a failed read: the next page asks again', async () => {
    const fetch = answering(new Response('down', { status: 503 }), Response.json(LIST));
    expect(await fetchDemoSurveys('de')).toEqual([]);
    expect(await fetchDemoSurveys('de')).toEqual(LIST);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
