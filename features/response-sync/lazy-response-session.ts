import { loadOnce } from '@/lib/load-once';
import type { LifecycleEvent } from './lifecycle/response-lifecycle';
import type { ResponseSession, ResponseSessionOptions, SessionState } from './response-session';

const IDLE: SessionState = { kind: 'idle' };

/** Wait before loading the session's code again after a failed load. */
const START_RETRY_MS = 3_000;

/**
 * The response session, loaded when it starts: the outbox, the lifecycle, IndexedDB and the lock are not needed to
 * show and answer the server-rendered first page, so they stay out of the JavaScript that page needs before its
 * first input. Everything said before the module arrives waits for it; nothing is lost meanwhile (answers are in
 * the stores, which persist them once this tab is the writer).
 */
export function createLazyResponseSession(options: ResponseSessionOptions): ResponseSession {
  const stateListeners = new Set<(state: SessionState) => void>();
  const eventListeners = new Set<(event: LifecycleEvent) => void>();
  let real: ResponseSession | null = null;
  let disposed = false;

  const load = loadOnce(() =>
    import('./response-session').then(({ createResponseSession }) => {
      const session = createResponseSession(options);
      session.subscribe((state) => {
        for (const listener of [...stateListeners]) listener(state);
      });
      session.onEvent((event) => {
        for (const listener of [...eventListeners]) listener(event);
      });
      real = session;
      if (disposed) session.dispose();
      return session;
    }),
  );

  return {
    state: () => real?.state() ?? IDLE,
    subscribe(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => {
        eventListeners.delete(listener);
      };
    },
    start(input) {
      // Nothing else starts the response: a failed load (its chunk fetched offline) is tried again until it lands.
      const begin = () =>
        void load().then(
          (session) => session.start(input),
          () => {
            if (!disposed) setTimeout(begin, START_RETRY_MS);
          },
        );
      // Asked for in a task of its own: the flow starts the session as the client takes over, and a click then
      // should not wait for the requests of its code to be made.
      setTimeout(begin, 0);
    },
    takeOver: () => real?.takeOver(),
    opened: async () => (await load()).opened(),
    finish: async (content, redirected, email, patienceMs) =>
      (await load()).finish(content, redirected, email, patienceMs),
    expire: async (content, timeoutMs) => (await load()).expire(content, timeoutMs),
    queueUpload: async (input) => (await load()).queueUpload(input),
    describeUpload: (value) => real?.describeUpload(value) ?? null,
    queueAlert: async (alert) => (await load()).queueAlert(alert),
    settleBeforeLeaving: async (timeoutMs) => (await load()).settleBeforeLeaving(timeoutMs),
    dispose() {
      disposed = true;
      real?.dispose();
    },
  };
}
