/**
 * One writer per survey and browser (the product spec's sync-protocol.md, invariant 4). Tabs share localStorage and IndexedDB but
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

/** How long the lock may take before the tab says another one writes. */
const WAIT_NOTICE_MS = 600;

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
  /** Which of our requests holds the lock: only its rejection means the lock was taken from us. */
  let holding = 0;
  let requests = 0;
  const name = writerLockName(surveyCode);

  function set(next: WriterLockState): void {
    if (current === next) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  }

  /** Asks for the lock; a request that held it and is rejected lost it to a steal by another tab. */
  function request(options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }): void {
    if (!locks) return;
    const id = (requests += 1);
    locks
      .request(name, options, (lock) => {
        if (lock === null) {
          // Queue behind the holder: when its tab closes, this one takes over by itself. A reload meets its own
          // previous page still holding the lock for a moment: only a wait that lasts is said.
          request({ signal: waiting.signal });
          setTimeout(() => {
            if (current === 'acquiring') set('waiting');
          }, WAIT_NOTICE_MS);
          return Promise.resolve();
        }
        if (released) return Promise.resolve();
        holding = id;
        waiting.abort();
        set('held');
        return new Promise<void>((resolve) => {
          releaseHeld = resolve;
        });
      })
      .then(
        () => undefined,
        () => {
          if (!released && holding === id) set('lost');
        },
      );
  }

  request({ ifAvailable: true });

  return {
    state: () => current,
    takeOver() {
      if (current === 'held') return;
      waiting.abort();
      request({ steal: true });
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
