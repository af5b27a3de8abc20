import type { APIRoute } from 'astro';
import { adminSearchSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { adminSearch } from '~/lib/server/admin/search';
import { pageQueryOf } from '~/lib/server/http/paging';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** `?q=&kind=users|campaigns|donations|organisations&pageNo&pageSize` (20 a page by default). */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  const params = ctx.url.searchParams;
  const { q, kind } = parseInput(adminSearchSchema, {
    q: params.get('q') ?? undefined,
    kind: params.get('kind') ?? undefined,
  });
  return ok(await adminSearch(kind, q, pageQueryOf(params, 20, 50)));
};
