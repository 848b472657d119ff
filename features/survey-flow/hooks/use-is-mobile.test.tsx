// @vitest-environment jsdom
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerHtml } from '@/test/hydrate-server-html';
import { MOBILE_QUERY, useIsMobile } from './use-is-mobile';

/** A phone-sized window whose width can change, as `matchMedia` reports it. */
function stubWindowWidth(mobile: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: mobile,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe(MOBILE_QUERY);
    return query;
  });
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
}

/** Logs each render, and the first moment after the task that ran the hydration's effects. */
function Layout({ serverGuess, log }: { serverGuess: boolean; log: string[] }) {
  const mobile = useIsMobile(serverGuess);
  const layout = mobile === null ? 'either' : mobile ? 'mobile' : 'desktop';
  log.push(`render ${layout}`);
  useEffect(() => queueMicrotask(() => log.push('hydration task over')), [log]);
  return <p>{layout}</p>;
}

async function hydrate(serverGuess: boolean, log: string[]) {
  const container = hydrateServerHtml(
    <Layout serverGuess={serverGuess} log={[]} />,
    <Layout serverGuess={serverGuess} log={log} />,
  );
  await vi.waitFor(() => expect(log).toContain('hydration task over'));
  return container;
}

afterEach(() => vi.unstubAllGlobals());

describe('useIsMobile', () => {
  it('hydrates with the server’s guess and puts a wrong one right after the take-over’s task, not inside it', async () => {
    stubWindowWidth(true);
    const log: string[] = [];
    const container = await hydrate(false, log);
    await vi.waitFor(() => expect(container.textContent).toBe('mobile'));
    // React's external-store hook re-rendered synchronously, before the microtask: "render mobile" came second.
    expect(log).toEqual(['render either', 'hydration task over', 'render mobile']);
  });

  it('renders once when the guess was right, and follows the window across the breakpoint', async () => {
    const resize = stubWindowWidth(true);
    const log: string[] = [];
    const container = await hydrate(true, log);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['render mobile', 'hydration task over']);
    resize(false);
    await vi.waitFor(() => expect(container.textContent).toBe('desktop'));
    resize(true);
    await vi.waitFor(() => expect(container.textContent).toBe('mobile'));
  });

  it('hydrates a guess that is not a phone as "either width", and says which after the take-over’s task', async () => {
    stubWindowWidth(false);
    const log: string[] = [];
    const container = await hydrate(false, log);
    await vi.waitFor(() => expect(container.textContent).toBe('desktop'));
    expect(log).toEqual(['render either', 'hydration task over', 'render desktop']);
  });
});
