import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http';
import { getMyOrganisation } from '~/lib/server/organisations';
import { requireUser } from '~/lib/server/session';

/** The signed-in user's organisation (401 for visitors, 404 'You have no organisation yet.'). */
export const GET: APIRoute = async (ctx) => ok(await getMyOrganisation(requireUser(ctx)));
