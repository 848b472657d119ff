import { describe, expect, it } from 'vitest';

import { deviceFromUserAgent } from './device';

describe('deviceFromUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120.0 Safari/537.36', 'tablet'],
    [null, 'desktop'],
  ])('%s → %s', (userAgent, kind) => {
    const flags = deviceFromUserAgent(userAgent);
    expect(flags).toEqual({
      is_desktop: kind === 'desktop',
      is_mobile: kind === 'mobile',
      is_tablet: kind === 'tablet',
    });
  });
});
