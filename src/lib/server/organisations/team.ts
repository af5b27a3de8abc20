import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { TeamMember } from '~/lib/contracts/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import {
  ORGANISATION_TEAM_MESSAGES,
  type OrganisationTeamMemberInput,
  type RemoveOrganisationTeamMemberInput,
} from '~/lib/schemas/organisationTeam';
import type { SessionUser } from '~/lib/server/accounts/session';
import { newInvitation } from '~/lib/server/campaigns/teamInvitations';
import {
  assertPosition,
  emailChanged,
  emailOnTeam,
  findTeamMember,
  listTeamMembers,
  mailTeamInvitation,
  type PendingInvite,
  removeTeamMember,
  type TeamMemberRow,
  writeTeamMember,
} from '~/lib/server/campaigns/teamRows';
import { getDb } from '~/lib/server/db';
import { organisations, organisationUsers, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict, forbidden } from '~/lib/server/http/errors';
import { findOrganisationFor } from './access';
import { organisationInvitationEmail } from './inviteMail';

/** The organisation's team and champions (removed members left out), in the order they were added. */
export function listOrganisationTeamMembers(organisationId: string, db?: DbOrTx): Promise<TeamMember[]> {
  return listTeamMembers({ organisationId }, db);
}

/** The account's membership of the organisation (`userId`, or all of them): a condition. */
function membershipOf(organisationId: string, userId?: string) {
  return and(
    eq(organisationUsers.organisationId, organisationId),
    userId === undefined ? undefined : eq(organisationUsers.userId, userId),
  );
}

/** The role the member's account holds in the organisation, or null while they have not accepted. */
async function memberAccess(organisationId: string, member: TeamMemberRow, db: DbOrTx) {
  if (member.inviteStatus !== InviteStatus.Accepted || !member.userId) return null;
  const [row] = await db
    .select({ role: organisationUsers.role })
    .from(organisationUsers)
    .where(membershipOf(organisationId, member.userId));
  return row ? { userId: member.userId, role: row.role } : null;
}

/** 400 unless someone other than `leavingUserId` is an Owner of the organisation. */
async function assertAnotherOwner(organisationId: string, leavingUserId: string, db: DbOrTx) {
  const [row] = await db
    .select({ owners: count() })
    .from(organisationUsers)
    .where(
      and(
        membershipOf(organisationId),
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
  const invited = await emailOnTeam({ organisationId }, email, existing?.id ?? null, db);
  const [member] = invited
    ? []
    : await db
        .select({ userId: organisationUsers.userId })
        .from(organisationUsers)
        .innerJoin(users, eq(users.id, organisationUsers.userId))
        .where(
          and(
            membershipOf(organisationId),
            sql`lower(${users.email}) = lower(${email})`,
            existing?.userId ? ne(organisationUsers.userId, existing.userId) : undefined,
          ),
        )
        .limit(1);
  if (invited || member) throw conflict(ORGANISATION_TEAM_MESSAGES.alreadyMember);
}

/** Ends the account's membership at once: every organisation call re-reads `organisation_users`. */
async function endAccess(organisationId: string, userId: string, db: DbOrTx) {
  await db.delete(organisationUsers).where(membershipOf(organisationId, userId));
}

async function removeMember(
  user: SessionUser,
  organisationId: string,
  id: string,
  ownerPowers: boolean,
  tx: DbOrTx,
) {
  const member = await findTeamMember({ organisationId }, id, tx);
  const access = await memberAccess(organisationId, member, tx);
  const isOwner = member.userRole === OrgUserRole.Owner || access?.role === OrgUserRole.Owner;
  if (isOwner && !ownerPowers) throw forbidden(ORGANISATION_TEAM_MESSAGES.ownersOnly);
  if (access?.role === OrgUserRole.Owner) await assertAnotherOwner(organisationId, access.userId, tx);
  await removeTeamMember(user, member, tx);
  if (access) await endAccess(organisationId, access.userId, tx);
}

async function saveMember(
  user: SessionUser,
  organisationId: string,
  input: OrganisationTeamMemberInput,
  ownerPowers: boolean,
  tx: DbOrTx,
): Promise<PendingInvite | null> {
  const existing = input.id ? await findTeamMember({ organisationId }, input.id, tx) : null;
  const access = existing ? await memberAccess(organisationId, existing, tx) : null;
  const touchesOwner =
    input.userRole === OrgUserRole.Owner ||
    existing?.userRole === OrgUserRole.Owner ||
    access?.role === OrgUserRole.Owner;
  if (touchesOwner && !ownerPowers) throw forbidden(ORGANISATION_TEAM_MESSAGES.ownersOnly);
  await assertNotOnTeam(organisationId, input.email, existing, tx);
  await assertPosition(input.organizationPositionId, tx);

  const newPerson = emailChanged(existing, input.email);
  // A new address is a new person: the old account loses its access and a new invitation goes out.
  // Saving a member who has not accepted (or declined) sends them a fresh invitation.
  const invitation = newPerson || existing?.inviteStatus !== InviteStatus.Accepted ? newInvitation() : null;
  // An Owner who leaves (new address) or becomes something else must leave another Owner behind.
  if (access?.role === OrgUserRole.Owner && (newPerson || input.userRole !== OrgUserRole.Owner)) {
    await assertAnotherOwner(organisationId, access.userId, tx);
  }
  const invite = await writeTeamMember(user, { organisationId }, existing, input, invitation, tx);
  if (access && newPerson) {
    await endAccess(organisationId, access.userId, tx);
  } else if (access && access.role !== input.userRole) {
    await tx
      .update(organisationUsers)
      .set({ role: input.userRole })
      .where(membershipOf(organisationId, access.userId));
  }
  return invite;
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
    if (invite)
      await mailTeamInvitation(tx, user, invite, (basics) =>
        organisationInvitationEmail({
          ...basics,
          organisationName: organisation.legalName,
          role: invite.member.userRole as OrgUserRole,
        }),
      );
    return organisation;
  });
  return listOrganisationTeamMembers(result.id);
}
