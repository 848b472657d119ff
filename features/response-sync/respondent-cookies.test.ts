// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_SEED_SCRIPT, SEED_ATTRIBUTE, SEED_COOKIE } from './respondent-cookies';

/** Runs the inline script as the parser would, inside a survey screen carrying `seed`. */
function parse(seed: string | null): void {
  const screen = document.createElement('div');
  if (seed !== null) screen.setAttribute(SEED_ATTRIBUTE, seed);
  const script = document.createElement('script');
  screen.append(script);
  document.body.append(screen);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(KEEP_SEED_SCRIPT)();
}

const seedCookie = () => document.cookie.match(new RegExp(`(?:^|; )${SEED_COOKIE}=([^;]*)`))?.[1];

afterEach(() => {
  document.cookie = `${SEED_COOKIE}=; Max-Age=0; Path=/`;
  document.body.replaceChildren();
});

describe('KEEP_SEED_SCRIPT', () => {
  it("keeps the server's seed from the first parse, so a reload before the take-over gets the same order", () => {
    parse('AbC123xyz789AbC123xyz7');
    expect(seedCookie()).toBe('AbC123xyz789AbC123xyz7');
  });

  it('never replaces a seed the browser already has', () => {
    document.cookie = `${SEED_COOKIE}=FirstSeed12345678; Path=/`;
    parse('AbC123xyz789AbC123xyz7');
    expect(seedCookie()).toBe('FirstSeed12345678');
  });

  it('writes nothing without a seed (a preview, a survey in one order) or with one that is not a seed', () => {
    parse(null);
    expect(seedCookie()).toBeUndefined();
    parse('x; Path=/; Domain=evil');
    expect(seedCookie()).toBeUndefined();
  });
});
