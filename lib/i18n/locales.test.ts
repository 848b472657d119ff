import { describe, expect, it } from 'vitest';
import { localeTable, localizedPath } from './locales';
import { getPathname } from './navigation';

describe('localizedPath', () => {
  it.each(localeTable.map((entry) => entry.locale))('makes the paths next-intl makes, in %s', (locale) => {
    for (const path of ['/', '/survey', '/survey/abc?response=x1', '/survey-message']) {
      expect(localizedPath(locale, path)).toBe(getPathname({ href: path, locale }));
    }
  });

  it('leaves Spanish unprefixed and uses the URL codes of Japanese and Valencian', () => {
    expect(localizedPath('es', '/')).toBe('/');
    expect(localizedPath('es', '/survey')).toBe('/survey');
    expect(localizedPath('ja', '/')).toBe('/jp');
    expect(localizedPath('ca-ES-valencia', '/survey')).toBe('/val/survey');
  });
});
