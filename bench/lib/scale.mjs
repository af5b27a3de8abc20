// ─── SCALE HOOK ───────────────────────────────────────────────────────────────────────────────
// The scale figures need 100 000 campaigns and 1 000 000 donations, which `npm run db:seed:scale`
// (scripts/seed-scale.ts) adds to the database DATABASE_URL names. Without that script the bench
// says so in the report and measures the rest.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, TEST_DEMO_PASSWORD } from '../../scripts/test-support/server.mjs';
import { options } from './options.mjs';

/** Whether package.json has the seed command. */
export function scaleSeedAvailable() {
  const { scripts = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return typeof scripts['db:seed:scale'] === 'string';
}

/**
 * Loads the scale data into `databaseUrl`; resolves the seconds it took. A quick run loads a
 * hundredth unless SCALE_CAMPAIGNS / SCALE_DONATIONS say otherwise.
 * @returns {Promise<{ seconds: number, campaigns: number, donations: number }>}
 */
export function seedScale(databaseUrl) {
  const campaigns = Number(process.env.SCALE_CAMPAIGNS ?? (options.quick ? 1_000 : 100_000));
  const donations = Number(process.env.SCALE_DONATIONS ?? (options.quick ? 10_000 : 1_000_000));
  const started = performance.now();
  // Opening the database seeds it as the servers do: the same demo password, and a DATA_DIR of its
  // own, so the repository's data/ (npm start's) is never written.
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-bench-seed-'));
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'db:seed:scale'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_ENV: 'production',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: TEST_DEMO_PASSWORD,
        SCALE_CAMPAIGNS: String(campaigns),
        SCALE_DONATIONS: String(donations),
      },
    });
    const kill = () => {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };
    process.once('exit', kill);
    child.on('error', reject);
    child.on('exit', (code) => {
      process.removeListener('exit', kill);
      rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`npm run db:seed:scale exited with ${code}`));
      else resolve({ seconds: (performance.now() - started) / 1000, campaigns, donations });
    });
  });
}
