import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { organisationInsights } from '~/lib/server/insights/insights';

/** The organisation's dashboard across its campaigns, in rand (docs/api/insights.md): its Owners and Admins, admins. */
export const GET: APIRoute = async (ctx) =>
  ok(await organisationInsights(requireUser(ctx), ctx.params.id ?? '', ctx.url.searchParams));
