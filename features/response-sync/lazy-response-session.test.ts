import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLazyResponseSession } from './lazy-response-session';
import type { ResponseSessionOptions, SessionStart } from './response-session';

const session = vi.hoisted(() => ({ failuresLeft: 0, started: [] as unknown[] }));

vi.mock('./response-session', () => ({
  createResponseSession: () => {
    if (session.failuresLeft > 0) {
      session.failuresLeft -= 1;
      throw new Error('Failed to fetch the chunk');
    }
    return {
      subscribe: () => () => undefined,
      onEvent: () => () => undefined,
      start: (input: unknown) => session.started.push(input),
      dispose: () => undefined,
    };
  },
}));

afterEach(() => vi.useRealTimers());

describe('the response session, loaded when it starts (lazy-response-session.ts)', () => {
  it('starts the response once its code has loaded, even when the first load failed', async () => {
    vi.useFakeTimers();
    session.failuresLeft = 1;
    const lazy = createLazyResponseSession({} as ResponseSessionOptions);
    const input = { survey: 'demo' } as unknown as SessionStart;
    lazy.start(input);
    await vi.advanceTimersByTimeAsync(0);
    expect(session.started).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(session.started).toEqual([input]);
  });
});
