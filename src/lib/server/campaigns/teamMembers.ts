import { eq } from 'drizzle-orm';
import type { TeamMember } from '~/lib/contracts/campaigns';
import { type RemoveTeamMemberInput, TEAM_MESSAGES, type TeamMemberInput } from '~/lib/schemas/campaignTeam';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict } from '~/lib/server/http/errors';
import { type CampaignRow, findCampaignForEdit } from './access';
import { teamInvitationEmail } from './inviteMail';
import { newInvitation } from './teamInvitations';
import {
  assertPosition,
  emailChanged,
  emailOnTeam,
  findTeamMember,
  listTeamMembers,
  mailTeamInvitation,
  removeTeamMember,
  type TeamScope,
  writeTeamMember,
} from './teamRows';

/** The campaign's team (removed members left out), in the order they were added. */
export function listCampaignTeamMembers(campaignId: string, db?: DbOrTx): Promise<TeamMember[]> {
  return listTeamMembers({ campaignId }, db);
}

/** 400 for the campaign's owner, 409 for an address already on its team. */
async function assertNotOnTeam(campaign: CampaignRow, email: string, exceptId: string | null, db: DbOrTx) {
  const [ownerRow] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, campaign.ownerId));
  if (ownerRow && ownerRow.email.toLowerCase() === email.toLowerCase()) {
    throw badRequest(TEAM_MESSAGES.owner, { email: [TEAM_MESSAGES.owner] });
  }
  if (await emailOnTeam({ campaignId: campaign.id }, email, exceptId, db)) {
    throw conflict(TEAM_MESSAGES.alreadyMember);
  }
}

/**
 * `PATCH /team-members`: adds a member to a campaign's team (and mails an
 * invitation), changes one (a new email address means a new invitation) or
 * removes one (`deleted: true`). Only those who may change the campaign.
 * Answers the campaign's team.
 */
export async function updateTeamMember(
  user: SessionUser,
  input: TeamMemberInput | RemoveTeamMemberInput,
): Promise<TeamMember[]> {
  const campaign = await findCampaignForEdit(user, input.campaignId);
  const scope: TeamScope = { campaignId: campaign.id };
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (input.deleted) {
      await removeTeamMember(user, await findTeamMember(scope, input.id, tx), tx);
      return;
    }
    const existing = input.id ? await findTeamMember(scope, input.id, tx) : null;
    await assertNotOnTeam(campaign, input.email, existing?.id ?? null, tx);
    await assertPosition(input.organizationPositionId, tx);
    const invitation = emailChanged(existing, input.email) ? newInvitation() : null;
    const invite = await writeTeamMember(user, scope, existing, input, invitation, tx);
    if (invite)
      await mailTeamInvitation(tx, user, invite, (basics) =>
        teamInvitationEmail({ ...basics, campaignName: campaign.name }),
      );
  });
  return listCampaignTeamMembers(campaign.id);
}
