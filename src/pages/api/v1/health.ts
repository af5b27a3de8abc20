import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http/responses';
import { checkDatabase } from '~/lib/server/platform/health';

export const GET: APIRoute = async () => {
  const database = await checkDatabase();
  return ok({ status: database === 'ok' ? 'ok' : 'degraded', database }, undefined, {
    status: database === 'ok' ? 200 : 503,
  });
};
