import { isValidElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsharedPage } from '@/components/shell/unshared-page';
import { DemoSurveys, fetchDemoSurveys } from './demo-surveys';

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
    const fetch = answering(
      new Response('down', { status: 503 }),
      Response.json({ unexpected: true }),
      Response.json(LIST),
    );
    expect(await fetchDemoSurveys('de')).toBeNull();
    expect(await fetchDemoSurveys('de')).toBeNull();
    expect(await fetchDemoSurveys('de')).toEqual(LIST);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shares an empty list like any other: a backend with no demo surveys is read once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = answering(Response.json([]));
    expect(await fetchDemoSurveys('it')).toEqual([]);
    expect(await fetchDemoSurveys('it')).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the home page’s demo section', () => {
  it('shows nothing for an empty list, and the page may be shared', async () => {
    answering(Response.json([]));
    expect(await DemoSurveys({ locale: 'nl' })).toBeNull();
  });

  it('asks the page cache not to share a page whose list could not be read', async () => {
    answering(new Response('down', { status: 503 }));
    const section = await DemoSurveys({ locale: 'pl' });
    expect(isValidElement(section) && section.type).toBe(UnsharedPage);
  });
});
