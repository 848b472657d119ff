import type NProgress from 'nprogress';
import { loadOnce } from '@/lib/load-once';

/** Spec §9 progress bar timings. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

const FAILED_CLASS = 'nprogress-failed';

/**
 * NProgress's own template says `role="bar"`, which is no ARIA role. The bar only echoes what the page already
 * tells assistive technology (busy buttons, status messages), so it is hidden from it, and found by its class.
 */
export const PROGRESS_SETTINGS = {
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
} as const;

export type ProgressBar = {
  start(): void;
  done(failed?: boolean): void;
};

type Bar = {
  start(): void;
  done(): void;
  configure(options: Parameters<typeof NProgress.configure>[0]): void;
};

type Dependencies = {
  bar: Bar;
  root: { classList: Pick<DOMTokenList, 'add' | 'remove'> } | undefined;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
};

/**
 * One bar for navigations and API requests. Work shorter than the throttle never shows a bar; several
 * overlapping requests show one bar that ends with the last; a failure paints it in the error colour.
 */
export function createProgressBar(deps: Dependencies): ProgressBar {
  // Trickle so the bar creeps towards the end over about PROGRESS_DURATION_MS.
  deps.bar.configure({
    ...PROGRESS_SETTINGS,
    showSpinner: false,
    speed: PROGRESS_HIDE_DELAY_MS,
    trickleSpeed: PROGRESS_DURATION_MS / 25,
  });
  let active = 0;
  let shown = false;
  let failed = false;
  let pending: unknown;
  let clearFailed: unknown;

  return {
    start() {
      active += 1;
      if (active > 1 || pending !== undefined) return;
      pending = deps.setTimer(() => {
        pending = undefined;
        if (active === 0) return;
        shown = true;
        deps.clearTimer(clearFailed);
        deps.root?.classList.remove(FAILED_CLASS);
        deps.bar.start();
      }, PROGRESS_THROTTLE_MS);
    },
    done(didFail = false) {
      if (active === 0) return;
      active -= 1;
      failed ||= didFail;
      if (active > 0) return;
      if (pending !== undefined) {
        deps.clearTimer(pending);
        pending = undefined;
      }
      if (failed) {
        // The failure is shown even for a fast request: the respondent must see something went wrong.
        deps.root?.classList.add(FAILED_CLASS);
        if (!shown) deps.bar.start();
        shown = true;
        clearFailed = deps.setTimer(() => deps.root?.classList.remove(FAILED_CLASS), PROGRESS_HIDE_DELAY_MS * 4);
      }
      if (shown) deps.bar.done();
      shown = false;
      failed = false;
    },
  };
}

/**
 * NProgress, fetched the first time the bar is drawn rather than before the page answers: a bar only shows after
 * the throttle, by when its chunk has long arrived. Calls made meanwhile are applied in order once it has.
 */
function lazyNProgress(): Bar {
  const settings: Parameters<Bar['configure']>[0][] = [];
  const bar = loadOnce(() =>
    import('nprogress').then(({ default: nprogress }) => {
      for (const options of settings) nprogress.configure(options);
      return nprogress;
    }),
  );
  return {
    configure: (options) => void settings.push(options),
    start: () => void bar().then((nprogress) => nprogress.start()),
    done: () => void bar().then((nprogress) => nprogress.done()),
  };
}

let browserBar: ProgressBar | undefined;

/** The page's single bar (the browser has one document; there is no per-request state here). */
export function getBrowserProgressBar(): ProgressBar {
  browserBar ??= createProgressBar({
    bar: lazyNProgress(),
    root: typeof document === 'undefined' ? undefined : document.documentElement,
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  });
  return browserBar;
}
