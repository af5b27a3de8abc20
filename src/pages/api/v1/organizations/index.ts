import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { getMyOrganisation } from '~/lib/server/organisations/myOrganisation';

/** The signed-in user's organisation (401 for visitors, 404 'You have no organisation yet.'). */
export const GET: APIRoute = async (ctx) => ok(await getMyOrganisation(requireUser(ctx)));
