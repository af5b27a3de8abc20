import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { TeamMember } from '~/lib/contracts/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { TEAM_MESSAGES } from '~/lib/schemas/campaignTeam';
import {
  ORGANISATION_TEAM_MESSAGES,
  type OrganisationTeamMemberInput,
  type RemoveOrganisationTeamMemberInput,
} from '~/lib/schemas/organisationTeam';
import type { SessionUser } from '~/lib/server/accounts/session';
import { invitationLink, inviterNameOf, newInvitation } from '~/lib/server/campaigns/teamInvitations';
import { type TeamMemberRow, teamMemberView } from '~/lib/server/campaigns/teamMembers';
import { getDb } from '~/lib/server/db';
import { organisations, organisationUsers, positions, teamMembers, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict, forbidden, notFound } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { sendMail } from '~/lib/server/platform/mail';
import { findOrganisationFor, type OrganisationRow } from './access';
import { organisationInvitationEmail } from './inviteMail';

/** The organisation's team and champions (removed members left out), in the order they were added. */
export async function listOrganisationTeamMembers(
  organisationId: string,
  db?: DbOrTx,
): Promise<TeamMember[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.organisationId, organisationId), eq(teamMembers.deleted, false)))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map(teamMemberView);
}

async function findMember(organisationId: string, id: string, db: DbOrTx): Promise<TeamMemberRow> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.id, id),
        eq(teamMembers.organisationId, organisationId),
        eq(teamMembers.deleted, false),
      ),
    );
  if (!row) throw notFound(TEAM_MESSAGES.member);
  return row;
}

/** The role the member's account holds in the organisation, or null while they have not accepted. */
async function memberAccess(organisationId: string, member: TeamMemberRow, db: DbOrTx) {
  if (member.inviteStatus !== InviteStatus.Accepted || !member.userId) return null;
  const [row] = await db
    .select({ role: organisationUsers.role })
    .from(organisationUsers)
    .where(
      and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, member.userId)),
    );
  return row ? { userId: member.userId, role: row.role } : null;
}

/** 400 unless someone other than `leavingUserId` is an Owner of the organisation. */
async function assertAnotherOwner(organisationId: string, leavingUserId: string, db: DbOrTx) {
  const [row] = await db
    .select({ owners: count() })
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        eq(organisationUsers.role, OrgUserRole.Owner),
        ne(organisationUsers.userId, leavingUserId),
      ),
    );
  if (!row || row.owners === 0) throw badRequest(ORGANISATION_TEAM_MESSAGES.lastOwner);
}

/** 409 when the address is already on the team: an invitation, a member, or an account that belongs. */
async function assertNotOnTeam(
  organisationId: string,
  email: string,
  existing: TeamMemberRow | null,
  db: DbOrTx,
) {
  const [invited] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.organisationId, organisationId),
        eq(teamMembers.deleted, false),
        sql`lower(${teamMembers.email}) = lower(${email})`,
        existing ? ne(teamMembers.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  const [member] = await db
    .select({ userId: organisationUsers.userId })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        sql`lower(${users.email}) = lower(${email})`,
        existing?.userId ? ne(organisationUsers.userId, existing.userId) : undefined,
      ),
    )
    .limit(1);
  if (invited || member) throw conflict(ORGANISATION_TEAM_MESSAGES.alreadyMember);
}

async function assertPosition(positionId: number | null | undefined, db: DbOrTx) {
  if (positionId === null || positionId === undefined) return;
  const [row] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId));
  if (!row) {
    throw badRequest(TEAM_MESSAGES.position, { organizationPositionId: [TEAM_MESSAGES.position] });
  }
}

/** Ends the account's membership at once: every organisation call re-reads `organisation_users`. */
async function endAccess(organisationId: string, userId: string, db: DbOrTx) {
  await db
    .delete(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.userId, userId)));
}

async function removeMember(
  user: SessionUser,
  organisationId: string,
  id: string,
  ownerPowers: boolean,
  tx: DbOrTx,
) {
  const member = await findMember(organisationId, id, tx);
  const access = await memberAccess(organisationId, member, tx);
  const isOwner = member.userRole === OrgUserRole.Owner || access?.role === OrgUserRole.Owner;
  if (isOwner && !ownerPowers) throw forbidden(ORGANISATION_TEAM_MESSAGES.ownersOnly);
  if (access?.role === OrgUserRole.Owner) await assertAnotherOwner(organisationId, access.userId, tx);
  await tx
    .update(teamMembers)
    .set({ deleted: true, mainContactPerson: false, inviteTokenHash: null })
    .where(eq(teamMembers.id, member.id));
  if (access) await endAccess(organisationId, access.userId, tx);
  await recordAudit(
    { actorId: user.id, action: 'team-member-remove', entity: 'team_member', entityId: member.id },
    tx,
  );
}

async function saveMember(
  user: SessionUser,
  organisationId: string,
  input: OrganisationTeamMemberInput,
  ownerPowers: boolean,
  tx: DbOrTx,
) {
  const existing = input.id ? await findMember(organisationId, input.id, tx) : null;
  const access = existing ? await memberAccess(organisationId, existing, tx) : null;
  const touchesOwner =
    input.userRole === OrgUserRole.Owner ||
    existing?.userRole === OrgUserRole.Owner ||
    access?.role === OrgUserRole.Owner;
  if (touchesOwner && !ownerPowers) throw forbidden(ORGANISATION_TEAM_MESSAGES.ownersOnly);
  await assertNotOnTeam(organisationId, input.email, existing, tx);
  await assertPosition(input.organizationPositionId, tx);

  const emailChanged = !existing || existing.email.toLowerCase() !== input.email.toLowerCase();
  // A new address is a new person: the old account loses its access and a new invitation goes out.
  // Saving a member who has not accepted (or declined) sends them a fresh invitation.
  const invitation =
    emailChanged || existing?.inviteStatus !== InviteStatus.Accepted ? newInvitation() : null;
  const leaving = access && emailChanged ? access : null;
  // An Owner who leaves (new address) or becomes something else must leave another Owner behind.
  if (access?.role === OrgUserRole.Owner && (emailChanged || input.userRole !== OrgUserRole.Owner)) {
    await assertAnotherOwner(organisationId, access.userId, tx);
  }
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
        .values({ ...fields, organisationId })
        .returning();
  if (!saved) throw new Error('The team member row was not returned.');
  if (leaving) {
    await endAccess(organisationId, leaving.userId, tx);
  } else if (access && access.role !== input.userRole) {
    await tx
      .update(organisationUsers)
      .set({ role: input.userRole })
      .where(
        and(
          eq(organisationUsers.organisationId, organisationId),
          eq(organisationUsers.userId, access.userId),
        ),
      );
  }
  if (input.mainContactPerson) {
    await tx
      .update(teamMembers)
      .set({ mainContactPerson: false })
      .where(and(eq(teamMembers.organisationId, organisationId), ne(teamMembers.id, saved.id)));
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
}

async function mailInvitation(
  inviter: SessionUser,
  organisation: OrganisationRow,
  member: TeamMemberRow,
  token: string,
): Promise<void> {
  const message = organisationInvitationEmail({
    firstName: member.firstName,
    inviterName: inviterNameOf(inviter),
    organisationName: organisation.legalName,
    role: member.userRole as OrgUserRole,
    link: invitationLink(token),
  });
  // The member is saved either way; saving them again sends a new invitation.
  await sendMail({ to: member.email, ...message }).catch((error: unknown) => {
    console.error('[organisations] The team invitation mail failed:', error);
  });
}

/**
 * `PATCH /team-members` with `organizationId`: invites a member or champion
 * (mails the invitation), changes one (a new address means a new invitation;
 * a role change of an accepted member changes their access at once) or
 * removes one (`deleted: true`: their access ends at once). Owners and Admins
 * only; an Admin may not invite, promote to, change or remove an Owner, and
 * the organisation always keeps one Owner. Answers the organisation's team.
 */
export async function updateOrganisationTeamMember(
  user: SessionUser,
  input: OrganisationTeamMemberInput | RemoveOrganisationTeamMemberInput,
): Promise<TeamMember[]> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // One change to an organisation's team at a time, so two removals cannot both leave "another Owner".
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, input.organizationId))
      .for('update');
    const { organisation, role } = await findOrganisationFor(user, input.organizationId, 'manageMembers', tx);
    const ownerPowers = role === OrgUserRole.Owner || user.role === 'admin';
    const invite = input.deleted
      ? await removeMember(user, organisation.id, input.id, ownerPowers, tx).then(() => null)
      : await saveMember(user, organisation.id, input, ownerPowers, tx);
    return { organisation, invite };
  });
  if (result.invite) {
    await mailInvitation(user, result.organisation, result.invite.member, result.invite.token);
  }
  return listOrganisationTeamMembers(result.organisation.id);
}
