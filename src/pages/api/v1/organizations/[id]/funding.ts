import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { getOrganisationFunding } from '~/lib/server/payouts/funding';

/** The organisation's funding info (docs/api/payouts.md): its Owners and Admins, platform admins. */
export const GET: APIRoute = async (ctx) =>
  ok(await getOrganisationFunding(requireUser(ctx), ctx.params.id ?? ''));
