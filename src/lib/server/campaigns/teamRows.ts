import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { TeamMember } from '~/lib/contracts/campaigns';
import { TEAM_MESSAGES } from '~/lib/schemas/campaignTeam';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { positions, teamMembers } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { sendMail } from '~/lib/server/mail/send';
import { recordAudit } from '~/lib/server/platform/audit';
import { invitationLink, inviterNameOf, type newInvitation } from './teamInvitations';

/**
 * The `team_members` rows of campaigns and organisations alike: the view,
 * the lookups, the columns written and the main-contact rule. Who may change
 * a team and which roles it allows stay with each team:
 * `campaigns/teamMembers.ts` and `organisations/team.ts`.
 */

export type TeamMemberRow = typeof teamMembers.$inferSelect;

/** Which team: a campaign's or an organisation's (the row's column of that name). */
export type TeamScope = { campaignId: string } | { organisationId: string };

/** A fresh invitation as `newInvitation` makes it. */
export type Invitation = ReturnType<typeof newInvitation>;

/** A saved member whose invitation mail is still to be sent (after the transaction). */
export interface PendingInvite {
  token: string;
  member: TeamMemberRow;
}

/** A member's fields as both teams' schemas give them. */
export interface TeamMemberFields {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber?: string | null | undefined;
  organizationPositionId?: number | null | undefined;
  userRole: number;
  mainContactPerson: boolean;
}

/** The team's rows, removed members included. */
function ofTeam(scope: TeamScope): SQL {
  return 'campaignId' in scope
    ? eq(teamMembers.campaignId, scope.campaignId)
    : eq(teamMembers.organisationId, scope.organisationId);
}

/** The team's rows, removed members left out. */
function activeOf(scope: TeamScope): SQL | undefined {
  return and(ofTeam(scope), eq(teamMembers.deleted, false));
}

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

/** The team (removed members left out), in the order they were added. */
export async function listTeamMembers(scope: TeamScope, db?: DbOrTx): Promise<TeamMember[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select()
    .from(teamMembers)
    .where(activeOf(scope))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map(teamMemberView);
}

/** The team's member `id`; 404 'Team member not found.' when removed or on another team. */
export async function findTeamMember(scope: TeamScope, id: string, db: DbOrTx): Promise<TeamMemberRow> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, id), activeOf(scope)));
  if (!row) throw notFound(TEAM_MESSAGES.member);
  return row;
}

/** Whether another member of the team (not `exceptId`) has the address, in any case. */
export async function emailOnTeam(
  scope: TeamScope,
  email: string,
  exceptId: string | null,
  db: DbOrTx,
): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        activeOf(scope),
        sql`lower(${teamMembers.email}) = lower(${email})`,
        exceptId ? ne(teamMembers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether saving `email` makes a new person of the member: a new member, or another address. */
export function emailChanged(existing: TeamMemberRow | null, email: string): boolean {
  return !existing || existing.email.toLowerCase() !== email.toLowerCase();
}

/** 400 on `organizationPositionId` for a position that is not in the list. */
export async function assertPosition(positionId: number | null | undefined, db: DbOrTx): Promise<void> {
  if (positionId === null || positionId === undefined) return;
  const [row] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId));
  if (!row) {
    throw badRequest(TEAM_MESSAGES.position, { organizationPositionId: [TEAM_MESSAGES.position] });
  }
}

/**
 * Adds the member to the team (`existing` null) or changes them, with the
 * invitation's columns when one goes out; a main contact person is the only
 * one of the team. Audited. Answers the invitation still to be mailed.
 */
export async function writeTeamMember(
  user: SessionUser,
  scope: TeamScope,
  existing: TeamMemberRow | null,
  input: TeamMemberFields,
  invitation: Invitation | null,
  tx: DbOrTx,
): Promise<PendingInvite | null> {
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
        .values({ ...fields, ...scope })
        .returning();
  if (!saved) throw new Error('The team member row was not returned.');
  if (input.mainContactPerson) {
    await tx
      .update(teamMembers)
      .set({ mainContactPerson: false })
      .where(and(ofTeam(scope), ne(teamMembers.id, saved.id)));
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

/** Marks the member removed (no longer main contact; their invitation link stops working). Audited. */
export async function removeTeamMember(user: SessionUser, member: TeamMemberRow, tx: DbOrTx): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ deleted: true, mainContactPerson: false, inviteTokenHash: null })
    .where(eq(teamMembers.id, member.id));
  await recordAudit(
    { actorId: user.id, action: 'team-member-remove', entity: 'team_member', entityId: member.id },
    tx,
  );
}

/** What every invitation mail says: whom it greets, who invited them and the link. */
export interface InvitationBasics {
  firstName: string;
  inviterName: string;
  link: string;
}

/**
 * Queues the invitation `message` makes of the basics in `tx`, the transaction that saves the
 * member and their invitation's token: the invitation exists if and only if its mail is on its way.
 * False when the invitee's address is past its hourly cap (the member is saved all the same;
 * saving them again sends a new one).
 */
export async function mailTeamInvitation(
  tx: DbOrTx,
  inviter: SessionUser,
  invite: PendingInvite,
  message: (basics: InvitationBasics) => EmailTemplate,
): Promise<boolean> {
  const mail = message({
    firstName: invite.member.firstName,
    inviterName: inviterNameOf(inviter),
    link: invitationLink(invite.token),
  });
  return sendMail({ to: invite.member.email, ...mail }, { tx });
}
