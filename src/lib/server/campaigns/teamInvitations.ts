import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { InvitationAnswer, InvitationPreview } from '~/lib/contracts/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { fullName } from '~/lib/people';
import { type InvitationAnswerInput, TEAM_MESSAGES } from '~/lib/schemas/campaignTeam';
import { ORGANISATION_TEAM_MESSAGES } from '~/lib/schemas/organisationTeam';
import { EMAIL_TOKEN_LIFETIME_MS } from '~/lib/server/accounts/emailTokens';
import type { SessionUser } from '~/lib/server/accounts/session';
import { hashToken } from '~/lib/server/accounts/tokens';
import { getDb } from '~/lib/server/db';
import {
  auditLog,
  campaigns,
  organisations,
  organisationUsers,
  teamMembers,
  users,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { env } from '~/lib/server/platform/env';

/**
 * Team invitations of campaigns and organisations alike: the mailed token and
 * its answer (`POST /team-members`). The teams themselves are
 * `campaigns/teamMembers.ts` and `organisations/team.ts`.
 */

/** A fresh invitation: the token for the mail, and what the row keeps (its hash and expiry). */
export function newInvitation(now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    columns: {
      inviteStatus: InviteStatus.Pending,
      inviteTokenHash: hashToken(token),
      inviteExpiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS.invite),
      userId: null,
    },
  };
}

/** The link of the invitation mail: /auth/invitation?token=…, which leads through login or sign-up. */
export function invitationLink(token: string): string {
  return `${env.publicUrl}/auth/invitation?token=${encodeURIComponent(token)}`;
}

/** "First Last" of whoever sent the invitation. */
export function inviterNameOf(inviter: SessionUser): string {
  return fullName(inviter);
}

/**
 * Makes `userId` a member of the organisation with `role`, or keeps the
 * stronger role they already have there (lower number: Owner 0 … Champion 3).
 */
async function joinOrganisation(tx: DbOrTx, organisationId: string, userId: string, role: number) {
  await tx
    .insert(organisationUsers)
    .values({ organisationId, userId, role })
    .onConflictDoUpdate({
      target: [organisationUsers.organisationId, organisationUsers.userId],
      set: { role: sql`least(${sql.identifier('organisation_users')}.role, excluded.role)` },
    });
}

/**
 * `POST /team-members` (ours): the signed-in user accepts or declines the
 * invitation whose token came by mail (the token works once, for 7 days).
 * Accepting links the team member to their account; for an organisation it
 * also makes them a member with the invited role, in the same transaction, so
 * their next access token carries `hasOrganization` or `isChampion`.
 */
export async function answerInvitation(
  user: SessionUser,
  input: InvitationAnswerInput,
): Promise<InvitationAnswer> {
  const db = await getDb();
  const inviteStatus = input.accept ? InviteStatus.Accepted : InviteStatus.Rejected;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(teamMembers)
      .set({ inviteStatus, inviteTokenHash: null, userId: input.accept ? user.id : null })
      .where(
        and(
          eq(teamMembers.inviteTokenHash, hashToken(input.token)),
          eq(teamMembers.inviteStatus, InviteStatus.Pending),
          eq(teamMembers.deleted, false),
          gt(teamMembers.inviteExpiresAt, new Date()),
        ),
      )
      .returning({
        id: teamMembers.id,
        campaignId: teamMembers.campaignId,
        organisationId: teamMembers.organisationId,
        userRole: teamMembers.userRole,
      });
    if (!row) throw badRequest(TEAM_MESSAGES.invitation, { token: [TEAM_MESSAGES.invitation] });
    await recordAudit(
      {
        actorId: user.id,
        action: input.accept ? 'team-invitation-accept' : 'team-invitation-decline',
        entity: 'team_member',
        entityId: row.id,
      },
      tx,
    );
    const base = {
      campaignId: null,
      campaignUrl: null,
      organizationId: null,
      organizationUrl: null,
      organizationName: null,
      userRole: row.userRole,
      inviteStatus,
    };
    if (row.campaignId) {
      const [campaign] = await tx
        .select({ url: campaigns.url })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId));
      return { ...base, campaignId: row.campaignId, campaignUrl: campaign?.url ?? '' };
    }
    const organisationId = row.organisationId ?? '';
    if (input.accept) await joinOrganisation(tx, organisationId, user.id, row.userRole);
    const [organisation] = await tx
      .select({ legalName: organisations.legalName, url: organisations.url })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return {
      ...base,
      organizationId: organisationId,
      organizationUrl: organisation?.url ?? '',
      organizationName: organisation?.legalName ?? '',
    };
  });
}

/** The message of an answered invitation: what the invitee can do now. */
export function invitationAnswerMessage(answer: InvitationAnswer): string {
  if (answer.inviteStatus !== InviteStatus.Accepted) return TEAM_MESSAGES.declined;
  if (answer.organizationName === null) return TEAM_MESSAGES.accepted;
  return answer.userRole === OrgUserRole.Champion
    ? ORGANISATION_TEAM_MESSAGES.acceptedChampion(answer.organizationName)
    : ORGANISATION_TEAM_MESSAGES.acceptedMember(answer.organizationName);
}

/**
 * `GET /team-members/invitation?token=` (public: the mailed token is the proof): what the
 * pending invitation is for, as its pages say it (src/lib/invitationText.ts). Only the
 * organisation's or campaign's name, the inviter's name and the role: never the invitee's
 * address or any id. 404 'This invitation link is invalid or has expired.' otherwise.
 */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: teamMembers.id,
      userRole: teamMembers.userRole,
      organizationName: organisations.legalName,
      campaignName: campaigns.name,
    })
    .from(teamMembers)
    .leftJoin(organisations, eq(organisations.id, teamMembers.organisationId))
    .leftJoin(campaigns, eq(campaigns.id, teamMembers.campaignId))
    .where(
      and(
        eq(teamMembers.inviteTokenHash, hashToken(token)),
        eq(teamMembers.inviteStatus, InviteStatus.Pending),
        eq(teamMembers.deleted, false),
        gt(teamMembers.inviteExpiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.invitation);
  // The invitation mail went out with the member's last add or change (teamRows.ts audits both).
  const [inviter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, 'team_member'),
        eq(auditLog.entityId, row.id),
        inArray(auditLog.action, ['team-member-add', 'team-member-update']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return {
    organizationName: row.organizationName,
    campaignName: row.organizationName ? null : row.campaignName,
    inviterName: inviter ? fullName(inviter) : null,
    userRole: row.userRole,
  };
}
