// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE_NAME, saveLocaleChoice } from './locale-cookie';
import { routing } from './routing';

afterEach(() => {
  document.cookie = `${LOCALE_COOKIE_NAME}=; Max-Age=0; Path=/`;
});

describe('saveLocaleChoice', () => {
  it('keeps the chosen language in the cookie next-intl and the proxy read', () => {
    saveLocaleChoice('ca-ES-valencia');
    expect(document.cookie).toContain(`${LOCALE_COOKIE_NAME}=ca-ES-valencia`);
    saveLocaleChoice('es');
    expect(document.cookie).toContain(`${LOCALE_COOKIE_NAME}=es`);
    expect(routing.localeCookie).toMatchObject({ name: LOCALE_COOKIE_NAME, maxAge: 365 * 24 * 60 * 60, path: '/' });
  });
});
