import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { getServerEnv } from './lib/env';
import { defaultLocale, localeTable } from './lib/i18n/locales';
import { COMMON_SECURITY_HEADERS, LOCKED_CSP } from './lib/security/security-headers';

// Fails the build (and `next start`) early on a malformed environment instead of at a respondent.
getServerEnv();

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // Messages are compiled at build time, so the browser formats them without shipping an ICU parser (~12 KB gzip).
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig: NextConfig = {
  // The API's public paths end with a slash (`/api/v1/read-survey/{code}/`); keep them as called.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project as its own step; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ['better-sqlite3', 'pg', 'kysely'],
  /**
   * Public paths → `app/[locale]`: a language code that differs from its locale (`/jp` → `ja`, `/val` →
   * `ca-ES-valencia`), and every unprefixed path → the default language: the paths next-intl's middleware would
   * rewrite, mapped here because its absolute rewrite loops behind a loopback bind host (proxy.ts, pinned to
   * next 16.4.6 and next-intl 4.14.8); relative rewrites stay internal whatever host the server is bound to.
   */
  async rewrites() {
    // Rewrites chain (the output of one is matched by the next), so the catch-all must leave every internal
    // locale path alone as well as every public prefix.
    const segments = [...new Set(localeTable.flatMap((entry) => [entry.code, entry.locale]))];
    const renamed = localeTable.filter((entry) => entry.code !== entry.locale);
    return {
      beforeFiles: [
        ...renamed.flatMap((entry) => [
          { source: `/${entry.code}`, destination: `/${entry.locale}` },
          { source: `/${entry.code}/:path*`, destination: `/${entry.locale}/:path*` },
        ]),
        { source: '/', destination: `/${defaultLocale}` },
        {
          source: `/:path((?!(?:${segments.join('|')})(?:/|$)|api/|_next/|_vercel/|images/|icon\\.svg$).+)`,
          destination: `/${defaultLocale}/:path`,
        },
      ],
    };
  },
  /**
   * Every answer carries the common security headers; pages add their nonce CSP in the proxy, API answers and files
   * a CSP that allows nothing (docs/security.md).
   */
  async headers() {
    return [
      { source: '/:path*', headers: [...COMMON_SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: LOCKED_CSP }] },
      // The files served (Next's, public/images/, the app's icon), and the 404 of a bare folder (`/images/`), which the
      // proxy leaves alone too; a page whose path looks like a file gets the page CSP.
      {
        source: '/:file((?:_next|_vercel|images)/.*|icon\\.svg)',
        headers: [{ key: 'Content-Security-Policy', value: LOCKED_CSP }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
