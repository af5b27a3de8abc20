import type { APIRoute } from 'astro';
import {
  invitationAnswerSchema,
  TEAM_MESSAGES,
  teamMemberBody,
  teamMemberSchemaFor,
} from '~/lib/schemas/campaignTeam';
import { requireUser } from '~/lib/server/accounts/session';
import { answerInvitation, updateTeamMember } from '~/lib/server/campaigns/teamMembers';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** Adds, changes or removes (`deleted: true`) a campaign team member; answers the team. */
export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const body = teamMemberBody(await readJson(ctx));
  const input = parseInput(teamMemberSchemaFor(body), body);
  return ok(await updateTeamMember(user, input), TEAM_MESSAGES.updated);
};

/** Ours: the invitee, signed in, accepts or declines with the mailed token. */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(invitationAnswerSchema, await readJson(ctx));
  const answer = await answerInvitation(user, input);
  return ok(answer, input.accept ? TEAM_MESSAGES.accepted : TEAM_MESSAGES.declined);
};
