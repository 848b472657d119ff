// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NProgress from 'nprogress';
import { createProgressBar, PROGRESS_SETTINGS, PROGRESS_THROTTLE_MS } from './progress-controller';

function setup() {
  const bar = { start: vi.fn(), done: vi.fn(), configure: vi.fn() };
  const classes = new Set<string>();
  const root = {
    classList: { add: (c: string) => void classes.add(c), remove: (c: string) => void classes.delete(c) },
  };
  const progress = createProgressBar({
    bar: bar as never,
    root,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { bar, classes, progress };
}

describe('progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drives the real NProgress with a bar that has no invalid ARIA role and is hidden from assistive technology', () => {
    const progress = createProgressBar({
      bar: NProgress,
      root: document.documentElement,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    const bar = document.querySelector('#nprogress .bar');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    // NProgress finds its bar through `barSelector` on every step; a mismatch throws here.
    expect(() => progress.done(true)).not.toThrow();
    expect(PROGRESS_SETTINGS.template).not.toMatch(/role=/);
  });

  it('never shows for work shorter than the throttle', () => {
    const { bar, progress } = setup();
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    progress.done();
    vi.runAllTimers();
    expect(bar.start).not.toHaveBeenCalled();
    expect(bar.done).not.toHaveBeenCalled();
  });

  it('shows after the throttle and ends with the last of overlapping requests', () => {
    const { bar, progress } = setup();
    progress.start();
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(bar.start).toHaveBeenCalledTimes(1);
    progress.done();
    expect(bar.done).not.toHaveBeenCalled();
    progress.done();
    expect(bar.done).toHaveBeenCalledTimes(1);
  });

  it('paints the failed state, even for a fast request', () => {
    const { bar, classes, progress } = setup();
    progress.start();
    progress.done(true);
    expect(classes.has('nprogress-failed')).toBe(true);
    expect(bar.done).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(classes.has('nprogress-failed')).toBe(false);
  });

  it('ignores a done without a start', () => {
    const { bar, progress } = setup();
    progress.done();
    expect(bar.done).not.toHaveBeenCalled();
  });
});
