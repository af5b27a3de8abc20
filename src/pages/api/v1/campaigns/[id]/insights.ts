import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { campaignInsights } from '~/lib/server/insights/insights';

/** The campaign's dashboard (docs/api/insights.md): its owner, team, organisation's Owners and Admins, admins. */
export const GET: APIRoute = async (ctx) =>
  ok(await campaignInsights(requireUser(ctx), ctx.params.id ?? '', ctx.url.searchParams));
