import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { getCampaignFunding } from '~/lib/server/payouts/funding';

/** The campaign's funding info (docs/api/payouts.md): its owner, its organisation's Owners and Admins, admins. */
export const GET: APIRoute = async (ctx) =>
  ok(await getCampaignFunding(requireUser(ctx), ctx.params.id ?? ''));
