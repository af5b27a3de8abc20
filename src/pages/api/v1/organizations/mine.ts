import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { listMyMemberships } from '~/lib/server/organisations/myOrganisation';

/** The organisations the signed-in user belongs to, with their role (empty list when none). */
export const GET: APIRoute = async (ctx) => ok(await listMyMemberships(requireUser(ctx)));
