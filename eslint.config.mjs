import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Imports flow one way: app → features → components | stores | lib (design.md). A feature never imports
 * another feature, with one exception: `features/survey-flow` is the survey screen's composition root, the one
 * place that puts widgets, logic, piping and validation together.
 */
const featureNames = fs.existsSync('./features')
  ? fs
      .readdirSync('./features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const COMPOSITION_ROOT = 'survey-flow';

const zones = [
  {
    target: './lib',
    from: ['./app', './features', './components', './stores', './server'],
    message: 'lib/ imports nothing of ours above it.',
  },
  {
    target: './components',
    from: ['./app', './features', './stores', './server'],
    message: 'components/ know nothing of surveys or features.',
  },
  {
    target: './stores',
    from: ['./app', './features', './components', './server'],
    message: 'stores/ depend on lib/ only.',
  },
  { target: './features', from: ['./app', './server'], message: 'features/ never import routes or the backend.' },
  { target: './app/[locale]', from: ['./server'], message: 'Pages talk to the backend over HTTP, never by import.' },
  {
    target: './server',
    from: ['./app', './features', './components', './stores'],
    message: 'server/ (the embedded backend) imports only lib/, the contract it serves.',
  },
  {
    target: './app/api',
    from: ['./features', './components', './stores'],
    message: 'API routes are thin: they import only server/ and lib/.',
  },
  ...featureNames
    .filter((name) => name !== COMPOSITION_ROOT)
    .map((name) => ({
      target: `./features/${name}`,
      from: './features',
      except: [`./${name}`],
      message: 'A feature never imports another feature.',
    })),
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'docs/**',
  ]),
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // An import of types only must vanish from the bundle, never load its module for side effects.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 10 }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment through lib/env.ts.' },
      ],
    },
  },
  {
    // The environment module itself, and tooling that runs outside the app.
    files: [
      'lib/env.ts',
      'scripts/**',
      'playwright.config.ts',
      'e2e/**',
      'vitest.config.mts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'server/test-*.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
]);
