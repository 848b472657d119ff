import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Imports flow one way: app → features → components | stores | lib (the product spec's design.md). A feature never imports
 * another feature, with one exception: `features/survey-flow` is the survey screen's composition root, the one
 * place that puts widgets, logic, piping and validation together, and within it only the files that compose
 * (`COMPOSING`): its screens, its flow engine, the hook that drives it, the widget registry, the screen's phases and
 * the first HTML's survey. Its other files (the survey page's server read, the phone check) are held to the rule.
 */
const featureNames = fs.existsSync('./features')
  ? fs
      .readdirSync('./features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const COMPOSITION_ROOT = 'survey-flow';
const COMPOSING = [
  'components/**',
  'flow/**',
  // Each with its tests.
  'hooks/use-flow-controller*.ts',
  'server/first-html-survey*.ts',
  'survey-phase*.ts',
  'widget-registry*.tsx',
].map((file) => `features/${COMPOSITION_ROOT}/${file}`);

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
  {
    // The composition root's own engine (page order, moves, the first page) drives the stores and other engines.
    target: `./features/${COMPOSITION_ROOT}/flow`,
    from: ['./features/widgets', './features/theme', './features/a11y-nav/components', './components'],
    message: 'survey-flow/flow is an engine: it composes engines and stores, never widgets or screens.',
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

const compositionRootOwnFiles = {
  target: `./features/${COMPOSITION_ROOT}`,
  from: './features',
  except: [`./${COMPOSITION_ROOT}`],
  message: `Only the composing files of features/${COMPOSITION_ROOT} (eslint.config.mjs COMPOSING) import other features.`,
};

/**
 * The pure engines: logic, piping, validation, quiz, the flow's order and moves, the response's lifecycle, outbox and
 * persistence, and lib/. No React, no store library, no framework in them, so each runs and is tested as plain
 * functions (lib/i18n alone is next-intl's configuration).
 */
const ENGINES = [
  'features/logic',
  'features/piping',
  'features/validation',
  'features/quiz',
  'features/survey-flow/flow',
  'features/response-sync/lifecycle',
  'features/response-sync/outbox',
  'features/response-sync/persistence',
  'lib',
];
const UI_LIBRARIES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*'];
const FRAMEWORKS = ['next', 'next/*', 'next-intl', 'next-intl/*'];
const PURE_ENGINE = {
  group: [...UI_LIBRARIES, ...FRAMEWORKS],
  message: 'Engines are pure: no React, store or framework.',
};

/**
 * The browser's response calls and the schemas they load: zod's functional `zod/mini`, because a schema of zod's
 * classic API builds some fifty methods of its own, a long task and heap on a phone (README "Performance").
 */
const RESPONSE_CALL_MODULES = [
  'lib/api/*.ts',
  'lib/survey-format/{response,schema-helpers,content-schema,share-config,text-schema,alert}.ts',
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'scripts/bench/next-alone/.next/**',
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
    files: [`features/${COMPOSITION_ROOT}/**`],
    ignores: COMPOSING,
    rules: { 'import/no-restricted-paths': ['error', { zones: [...zones, compositionRootOwnFiles] }] },
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
      'test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ENGINES.map((folder) => `${folder}/**/*.ts`),
    ignores: ['lib/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [PURE_ENGINE],
        },
      ],
    },
  },
  {
    files: RESPONSE_CALL_MODULES,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: "Use `import * as z from 'zod/mini'` here." }],
          patterns: [PURE_ENGINE],
        },
      ],
    },
  },
  {
    files: ['lib/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: UI_LIBRARIES, message: 'lib/ has no React or store in it.' }] },
      ],
    },
  },
]);
