import type { APIRoute } from 'astro';
import { TEAM_MESSAGES } from '~/lib/schemas/campaignTeam';
import { previewInvitation } from '~/lib/server/campaigns/teamInvitations';
import { notFound } from '~/lib/server/http/errors';
import { ok } from '~/lib/server/http/responses';

/** What an invitation link is for: the organisation or campaign, the inviter and the role. */
export const GET: APIRoute = async (ctx) => {
  const token = ctx.url.searchParams.get('token')?.trim();
  if (!token || token.length > 200) throw notFound(TEAM_MESSAGES.invitation);
  return ok(await previewInvitation(token));
};
