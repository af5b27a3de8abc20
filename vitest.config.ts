import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  resolve: {
    // `~/lib/…` → src/lib/…, as in tsconfig.json.
    alias: [{ find: /^~\//, replacement: src }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Code that opens the database gets a fresh in-memory PGlite per test file. The logger is
          // silent (LOG_LEVEL=debug npx vitest … shows it); tests read it with tests/unit/support/logCapture.ts.
          env: { DATABASE_URL: 'memory://', APP_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One built server for the whole run (tests/api/support/global-setup.ts);
          // files run in parallel against it, each making its own data.
          globalSetup: ['tests/api/support/global-setup.ts'],
          // Tests wait on HTTP, not on CPU: more files in flight than cores.
          maxWorkers: 4,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
