import type { APIRoute } from 'astro';
import {
  invitationAnswerSchema,
  TEAM_MESSAGES,
  teamMemberBody,
  teamMemberSchemaFor,
} from '~/lib/schemas/campaignTeam';
import { organisationTeamMemberSchemaFor, teamScopeSchema } from '~/lib/schemas/organisationTeam';
import { requireUser } from '~/lib/server/accounts/session';
import { answerInvitation, invitationAnswerMessage } from '~/lib/server/campaigns/teamInvitations';
import { updateTeamMember } from '~/lib/server/campaigns/teamMembers';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { updateOrganisationTeamMember } from '~/lib/server/organisations/team';

/**
 * Adds, changes or removes (`deleted: true`) a team member of a campaign
 * (`campaignId`) or an organisation (`organizationId`); answers that team.
 */
export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const body = teamMemberBody(await readJson(ctx));
  if (parseInput(teamScopeSchema, body) === 'organisation') {
    const input = parseInput(organisationTeamMemberSchemaFor(body), body);
    return ok(await updateOrganisationTeamMember(user, input), TEAM_MESSAGES.updated);
  }
  const input = parseInput(teamMemberSchemaFor(body), body);
  return ok(await updateTeamMember(user, input), TEAM_MESSAGES.updated);
};

/** Ours: the invitee, signed in, accepts or declines with the mailed token. */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(invitationAnswerSchema, await readJson(ctx));
  const answer = await answerInvitation(user, input);
  return ok(answer, invitationAnswerMessage(answer));
};
