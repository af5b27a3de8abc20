import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TeamMember } from '~/lib/contracts/campaigns';
import { type RemoveTeamMemberInput, TEAM_MESSAGES, type TeamMemberInput } from '~/lib/schemas/campaignTeam';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { teamMembers, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict, notFound } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { sendMail } from '~/lib/server/platform/mail';
import { type CampaignRow, findCampaignForEdit } from './access';
import { teamInvitationEmail } from './inviteMail';
import { invitationLink, inviterNameOf, newInvitation } from './teamInvitations';

export type TeamMemberRow = typeof teamMembers.$inferSelect;

/** A team member row as the API shows it (SPEC §3 "Team member"), for campaigns and organisations alike. */
export function teamMemberView(row: TeamMemberRow): TeamMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    organizationPositionId: row.organisationPositionId,
    userRole: row.userRole,
    campaignId: row.campaignId,
    organizationId: row.organisationId,
    mainContactPerson: row.mainContactPerson,
    inviteStatus: row.inviteStatus,
    deleted: row.deleted,
  };
}

/** The campaign's team (removed members left out), in the order they were added. */
export async function listCampaignTeamMembers(campaignId: string, db?: DbOrTx): Promise<TeamMember[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.campaignId, campaignId), eq(teamMembers.deleted, false)))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map(teamMemberView);
}

async function findMember(campaignId: string, id: string, db: DbOrTx): Promise<TeamMemberRow> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(
      and(eq(teamMembers.id, id), eq(teamMembers.campaignId, campaignId), eq(teamMembers.deleted, false)),
    );
  if (!row) throw notFound(TEAM_MESSAGES.member);
  return row;
}

async function assertNotOnTeam(campaign: CampaignRow, email: string, exceptId: string | null, db: DbOrTx) {
  const [ownerRow] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, campaign.ownerId));
  if (ownerRow && ownerRow.email.toLowerCase() === email.toLowerCase()) {
    throw badRequest(TEAM_MESSAGES.owner, { email: [TEAM_MESSAGES.owner] });
  }
  const [existing] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.campaignId, campaign.id),
        eq(teamMembers.deleted, false),
        sql`lower(${teamMembers.email}) = lower(${email})`,
        exceptId ? ne(teamMembers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw conflict(TEAM_MESSAGES.alreadyMember);
}

async function mailInvitation(
  inviter: SessionUser,
  campaign: CampaignRow,
  member: { firstName: string; email: string },
  token: string,
): Promise<void> {
  const message = teamInvitationEmail({
    firstName: member.firstName,
    inviterName: inviterNameOf(inviter),
    campaignName: campaign.name,
    link: invitationLink(token),
  });
  // The member is saved either way; the owner can save them again to resend.
  await sendMail({ to: member.email, ...message }).catch((error: unknown) => {
    console.error('[campaigns] The team invitation mail failed:', error);
  });
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
  const db = await getDb();
  const invite = await db.transaction(async (tx) => {
    if (input.deleted) {
      const member = await findMember(campaign.id, input.id, tx);
      await tx
        .update(teamMembers)
        .set({ deleted: true, mainContactPerson: false, inviteTokenHash: null })
        .where(eq(teamMembers.id, member.id));
      await recordAudit(
        { actorId: user.id, action: 'team-member-remove', entity: 'team_member', entityId: member.id },
        tx,
      );
      return null;
    }
    const existing = input.id ? await findMember(campaign.id, input.id, tx) : null;
    await assertNotOnTeam(campaign, input.email, existing?.id ?? null, tx);
    const emailChanged = !existing || existing.email.toLowerCase() !== input.email.toLowerCase();
    const invitation = emailChanged ? newInvitation() : null;
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobileNumber: input.mobileNumber ?? null,
      organisationPositionId: input.organizationPositionId ?? null,
      userRole: input.userRole,
      mainContactPerson: input.mainContactPerson,
      ...(invitation?.columns ?? {}),
    };
    const [saved] = existing
      ? await tx.update(teamMembers).set(fields).where(eq(teamMembers.id, existing.id)).returning()
      : await tx
          .insert(teamMembers)
          .values({ ...fields, campaignId: campaign.id })
          .returning();
    if (!saved) throw new Error('The team member row was not returned.');
    if (input.mainContactPerson) {
      await tx
        .update(teamMembers)
        .set({ mainContactPerson: false })
        .where(and(eq(teamMembers.campaignId, campaign.id), ne(teamMembers.id, saved.id)));
    }
    await recordAudit(
      {
        actorId: user.id,
        action: existing ? 'team-member-update' : 'team-member-add',
        entity: 'team_member',
        entityId: saved.id,
      },
      tx,
    );
    return invitation ? { token: invitation.token, member: saved } : null;
  });
  if (invite) await mailInvitation(user, campaign, invite.member, invite.token);
  return listCampaignTeamMembers(campaign.id);
}
