import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { getCampaignFunding } from '~/lib/server/payouts/funding';

/** SPEC §7's second path for the same campaign funding info as `GET /campaigns/{id}/funding`. */
export const GET: APIRoute = async (ctx) =>
  ok(await getCampaignFunding(requireUser(ctx), ctx.params.id ?? ''));
