import { pathToRegexp, compile } from 'next/dist/compiled/path-to-regexp';
import { describe, expect, it } from 'vitest';
import { LOCKED_CSP } from './lib/security/security-headers';
import nextConfig from './next.config';

type Rewrite = { source: string; destination: string };

/** Applies the config's beforeFiles rewrites the way Next chains them: each one sees the previous output. */
async function rewrite(path: string): Promise<string> {
  const rewrites = (await nextConfig.rewrites?.()) as { beforeFiles: Rewrite[] };
  let current = path;
  for (const rule of rewrites.beforeFiles) {
    const keys: { name: string | number }[] = [];
    const match = pathToRegexp(rule.source, keys).exec(current);
    if (!match) continue;
    const params = Object.fromEntries(keys.map((key, index) => [key.name, match[index + 1]]));
    current = compile(rule.destination, { validate: false })(params as Record<string, string>);
  }
  return current;
}

describe('public paths → app/[locale]', () => {
  it('maps custom prefixes to their BCP-47 locale', async () => {
    expect(await rewrite('/jp')).toBe('/ja');
    expect(await rewrite('/jp/survey/abc')).toBe('/ja/survey/abc');
    expect(await rewrite('/val/survey-message')).toBe('/ca-ES-valencia/survey-message');
  });
  it('serves unprefixed paths in Spanish', async () => {
    expect(await rewrite('/')).toBe('/es');
    expect(await rewrite('/survey/abc')).toBe('/es/survey/abc');
    expect(await rewrite('/nope/x')).toBe('/es/nope/x');
  });
  it('leaves prefixed paths, the API, Next assets and files alone', async () => {
    expect(await rewrite('/en/survey')).toBe('/en/survey');
    expect(await rewrite('/api/v1/read-survey/x/')).toBe('/api/v1/read-survey/x/');
    expect(await rewrite('/_next/static/chunks/a.js')).toBe('/_next/static/chunks/a.js');
    expect(await rewrite('/images/not-found.svg')).toBe('/images/not-found.svg');
    expect(await rewrite('/icon.svg')).toBe('/icon.svg');
  });
  it('serves an unprefixed path that only looks like a file in Spanish too: it is a page, not a file', async () => {
    expect(await rewrite('/report.pdf')).toBe('/es/report.pdf');
  });
});

describe('the CSP of files', () => {
  /** The Content-Security-Policy the config's header rules give a path, the last rule that sets one winning. */
  async function cspOf(path: string): Promise<string | undefined> {
    const rules = (await nextConfig.headers?.()) ?? [];
    return rules
      .filter((rule) => pathToRegexp(rule.source).test(path))
      .flatMap((rule) => rule.headers)
      .findLast((header) => header.key === 'Content-Security-Policy')?.value;
  }

  it("locks the API and the files served: Next's, public/images/, the app's icon", async () => {
    for (const path of ['/api/v1/read-survey/x/', '/_next/static/chunks/a.js', '/images/not-found.svg', '/icon.svg']) {
      expect(await cspOf(path), path).toBe(LOCKED_CSP);
    }
  });

  it('locks the bare folders of files too, whose 404 no proxy secures (a frameable page otherwise)', async () => {
    for (const path of ['/_next/', '/_vercel/', '/images/']) {
      expect(await cspOf(path), path).toBe(LOCKED_CSP);
    }
  });

  it('leaves a page whose path looks like a file to the proxy, which gives it the page CSP', async () => {
    for (const path of ['/report.pdf', '/en/report.pdf', '/en/survey/x.y']) {
      expect(await cspOf(path), path).toBeUndefined();
    }
  });
});
