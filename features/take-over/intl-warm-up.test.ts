// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_WARM_UP_SCRIPT } from './intl-warm-up';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Intl warm-up of the take-over', () => {
  it('formats a number in the page’s language once the page is idle, not while it is parsed', () => {
    vi.useFakeTimers();
    document.documentElement.lang = 'ar';
    const built: string[] = [];
    vi.stubGlobal('Intl', {
      ...Intl,
      NumberFormat: class {
        constructor(locale: string) {
          built.push(`NumberFormat ${locale}`);
        }
        format = () => '';
      },
      PluralRules: class {
        constructor(locale: string) {
          built.push(`PluralRules ${locale}`);
        }
        select = () => 'other';
      },
    });
    new Function(INTL_WARM_UP_SCRIPT)();
    expect(built).toEqual([]);
    vi.runAllTimers();
    expect(built).toEqual(['NumberFormat ar', 'PluralRules ar']);
  });
});
