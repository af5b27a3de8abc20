import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http/responses';
import { checkDatabase, checkMigrations } from '~/lib/server/platform/health';

/**
 * GET /api/v1/ready: readiness for load balancers and systemd (DESIGN §12, issue 28). 200 only
 * when the database answers and has every migration this build ships; else 503 saying which.
 * /api/v1/health stays the liveness check.
 */
export const GET: APIRoute = async () => {
  const database = await checkDatabase();
  const migrations = database === 'ok' ? await checkMigrations() : 'unavailable';
  const ready = database === 'ok' && migrations === 'ok';
  return ok({ status: ready ? 'ready' : 'not_ready', database, migrations }, undefined, {
    status: ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
};
