/**
 * One writer per survey and browser (sync-protocol.md, invariant 4). Tabs share localStorage and IndexedDB but
 * not memory: a tab writing its whole answer map would erase what another tab wrote, and two outboxes would send
 * one queue twice. So only the tab holding the Web Lock `encuesta-survey:<code>` opens the response and writes;
 * another tab waits (and says so), takes over when the holder closes, or takes the lock on the respondent's word,
 * and the tab that loses it stops writing and says so. A lock is released when its tab closes or crashes.
 */

export type WriterLockState = 'acquiring' | 'held' | 'waiting' | 'lost';

export interface WriterLock {
  state(): WriterLockState;
  /** Takes the lock from the tab holding it (the respondent chose to continue here). */
  takeOver(): void;
  subscribe(listener: (state: WriterLockState) => void): () => void;
  release(): void;
}

/** The part of `navigator.locks` this needs, injected for tests. */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export function writerLockName(surveyCode: string): string {
  return `encuesta-survey:${surveyCode}`;
}

function browserLocks(): LockManagerLike | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike }).locks;
  return locks ?? null;
}

/**
 * Requests the writer lock of a survey. Without Web Locks (an insecure context, an old browser) every tab writes,
 * as before this existed; the README says so.
 */
export function requestWriterLock(surveyCode: string, locks: LockManagerLike | null = browserLocks()): WriterLock {
  const listeners = new Set<(state: WriterLockState) => void>();
  let current: WriterLockState = locks ? 'acquiring' : 'held';
  let releaseHeld: (() => void) | null = null;
  const waiting = new AbortController();
  let released = false;
  const name = writerLockName(surveyCode);

  function set(next: WriterLockState): void {
    if (current === next) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  }

  /** Holds the lock until released; a steal by another tab rejects the request, which is how we learn it. */
  function hold(lock: unknown): Promise<void> {
    if (lock === null) return Promise.resolve();
    if (released) return Promise.resolve();
    waiting.abort();
    set('held');
    return new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
  }

  function onLost(error: unknown): void {
    if (released) return;
    if (error instanceof DOMException && error.name === 'AbortError' && current !== 'held') return;
    set('lost');
  }

  if (locks) {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          set('waiting');
          // Queue behind the holder: when its tab closes, this one takes over by itself.
          locks.request(name, { signal: waiting.signal }, hold).then(() => undefined, onLost);
          return Promise.resolve();
        }
        return hold(lock);
      })
      .then(() => undefined, onLost);
  }

  return {
    state: () => current,
    takeOver() {
      if (!locks || current === 'held') return;
      waiting.abort();
      locks.request(name, { steal: true }, hold).then(() => undefined, onLost);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    release() {
      released = true;
      waiting.abort();
      releaseHeld?.();
      releaseHeld = null;
    },
  };
}
