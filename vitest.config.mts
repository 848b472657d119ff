import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // `server-only` throws outside React's server bundle; tests run server modules directly.
      'server-only': path.resolve(import.meta.dirname, 'test/server-only-stub.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', 'data/**'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // next-intl's ESM imports `next/server` without an extension, which Node's own resolver refuses; Vite's accepts it.
    server: { deps: { inline: ['next-intl'] } },
    testTimeout: 15000,
  },
});
