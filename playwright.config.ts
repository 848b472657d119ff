import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The QA kit's own journeys: the mock API (scripts/mock-api) and a second server of the same build pointed at it.
const MOCK_API_PORT = 3199;
const MOCK_APP_PORT = PORT + 1;
// Bound to 127.0.0.1 on purpose: the language proxy must work whatever host the server listens on.
const HOST = '127.0.0.1';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The longest journeys (every widget by keyboard: ~480 actions) took 47 to 60 s on a slower 2-core machine, where
  // 60 s timed one out; a hang still ends in two minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://${HOST}:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: 'mock/**',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      grep: /@mobile/,
      testIgnore: 'mock/**',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      // Error catalogue, retries and offline against the mock API: deterministic faults (e2e/support/mock-api.ts).
      name: 'mock-api',
      testMatch: 'mock/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://${HOST}:${MOCK_APP_PORT}`,
      },
    },
  ],
  // Started in this order: the build and the app on the embedded backend, then the mock, then the app on the mock.
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${HOST} ${PORT}`,
      url: `http://${HOST}:${PORT}/api/demo-surveys/`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/mock-api/mock-api.ts --port ${MOCK_API_PORT}`,
      url: `http://${HOST}:${MOCK_API_PORT}/__mock/faults`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `node scripts/server.mjs -H ${HOST} -p ${MOCK_APP_PORT}`,
      url: `http://${HOST}:${MOCK_APP_PORT}/en`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        API_BASE_URL: `http://${HOST}:${MOCK_API_PORT}/api`,
        DATA_DIR: 'data/e2e-mock-app',
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
