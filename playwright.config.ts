import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * `npm run test:e2e` (scripts/test.mjs) builds, starts the server on a free
 * port with a fresh DATA_DIR and passes its address as E2E_BASE_URL. Without
 * it (`npx playwright test` by hand), Playwright starts the built server itself.
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
// The demo users' password on the server under test, new for each run (the tests read it too).
process.env.DEMO_PASSWORD ||= `test-${randomBytes(12).toString('base64url')}`;
const fallbackPort = 4329;

/** Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium); else Playwright's own, if installed. */
const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/** The back office journey publishes a new site banner, which the visitor journey reads. */
const SITE_WIDE_SPECS = /admin(-tools)?\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // No retries, in CI too: a test that passes only on its second try is a flake to fix, not to hide.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The JSON report is for scripts/test.mjs's totals.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${fallbackPort}`,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: SITE_WIDE_SPECS },
    // Specs that change what every visitor sees (the site banner) run after all the others,
    // so no other journey finds the site changed under it.
    { name: 'site-wide', use: chromium, testMatch: SITE_WIDE_SPECS, dependencies: ['chromium'] },
  ],
  ...(externalBaseUrl
    ? {}
    : {
        webServer: {
          command: 'node server/main.ts',
          url: `http://127.0.0.1:${fallbackPort}/api/v1/health`,
          reuseExistingServer: false,
          timeout: 120_000,
          env: {
            HOST: '127.0.0.1',
            PORT: String(fallbackPort),
            DATABASE_URL: 'memory://',
            NODE_ENV: 'production',
            APP_ENV: 'test',
            DEMO_PASSWORD: process.env.DEMO_PASSWORD,
            // Every browser of the run is 127.0.0.1: the scaled limits would count them as one visitor.
            RATE_LIMIT_FACTOR: '1000',
          },
        },
      }),
});
