import type { APIRoute } from 'astro';
import { checkDatabase } from '~/lib/server/health';
import { ok } from '~/lib/server/http';

export const GET: APIRoute = async () => {
  const database = await checkDatabase();
  return ok({ status: database === 'ok' ? 'ok' : 'degraded', database }, undefined, {
    status: database === 'ok' ? 200 : 503,
  });
};
