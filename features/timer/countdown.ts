import { announcementFor, remainingMs, remainingSeconds } from './timer-deadline';

export interface CountdownSnapshot {
  /** Whole seconds left, rounded up; 0 once the deadline has passed. */
  seconds: number;
  /** Minutes left at the last announcement threshold crossed while counting; `null` before the first. */
  announcement: number | null;
}

/** An external store for `useSyncExternalStore`: one per deadline. */
export interface Countdown {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CountdownSnapshot;
}

/**
 * Counts down to `deadline`, always from the clock rather than from elapsed ticks: browsers slow or pause
 * timers in background tabs, so a tick only says "look at the clock again". The snapshot changes once per
 * displayed second (and on each announcement), which is also how often a subscriber re-renders.
 */
export function createCountdown(deadline: number, now: () => number = Date.now): Countdown {
  const listeners = new Set<() => void>();
  let snapshot: CountdownSnapshot | null = null;
  let lastMs = 0;
  let timeout: ReturnType<typeof setTimeout> | null = null;

  function read(): CountdownSnapshot {
    if (snapshot === null) {
      // The first reading only sets the baseline: opening a page with 4 minutes left announces nothing.
      lastMs = remainingMs(deadline, now());
      snapshot = { seconds: remainingSeconds(lastMs), announcement: null };
    }
    return snapshot;
  }

  function refresh(): void {
    const current = read();
    const ms = remainingMs(deadline, now());
    const announcement = announcementFor(lastMs, ms) ?? current.announcement;
    lastMs = ms;
    const seconds = remainingSeconds(ms);
    if (seconds === current.seconds && announcement === current.announcement) return;
    snapshot = { seconds, announcement };
    for (const listener of [...listeners]) listener();
  }

  function schedule(): void {
    if (timeout !== null) clearTimeout(timeout);
    timeout = null;
    if (listeners.size === 0 || lastMs <= 0) return;
    // Wakes when the displayed second changes, not on a fixed 1 s beat that would drift against the clock.
    const delay = ((Math.ceil(lastMs) - 1) % 1000) + 1;
    timeout = setTimeout(tick, delay);
  }

  function tick(): void {
    refresh();
    schedule();
  }

  function onVisibilityChange(): void {
    // Timers of a hidden tab may have been held back for minutes: catch up as soon as it is seen again.
    if (document.visibilityState === 'visible') tick();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        document.addEventListener('visibilitychange', onVisibilityChange);
        tick();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        document.removeEventListener('visibilitychange', onVisibilityChange);
        schedule();
      };
    },
    getSnapshot: read,
  };
}
