import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * Environment for unit tests that run server services: an in-memory
 * database, a throwaway DATA_DIR (the mail outbox lands there) and a known
 * JWT key. Call it before importing anything from src/lib/server (import
 * those dynamically), and call the returned cleanup in afterAll.
 */
export function prepareServerTestEnv(): { dataDir: string; jwtSecret: string; cleanup: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-unit-'));
  const jwtSecret = 'unit-test-secret-that-is-long-enough-for-hs256';
  vi.stubEnv('DATABASE_URL', 'memory://');
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('JWT_SECRET', jwtSecret);
  vi.stubEnv('SEED_DEMO', 'false');
  vi.stubEnv('SMTP_URL', '');
  return { dataDir, jwtSecret, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
