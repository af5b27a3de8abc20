import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { CampaignStatus, InviteStatus, OrgUserRole } from '~/lib/enums';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaigns, organisationUsers, teamMembers } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';

export const CAMPAIGN_ACCESS_MESSAGES = {
  notFound: 'Campaign not found.',
  forbidden: 'You do not have permission to change this campaign.',
  organisationOwnerOnly: 'Only the campaign owner can choose its organisation.',
  verificationOwnerOnly: 'Only the campaign owner can submit banking details.',
} as const;

export type CampaignRow = typeof campaigns.$inferSelect;

/** What the edit rule looks at. */
export type CampaignAccessRow = Pick<CampaignRow, 'id' | 'ownerId' | 'organisationId'>;

/** Organisation roles that change every campaign of their organisation; champions change only their own. */
const ORGANISATION_EDITOR_ROLES = [OrgUserRole.Owner, OrgUserRole.Admin, OrgUserRole.Editor];

/**
 * The one rule (docs/api/campaigns.md, "Who may change a campaign"): the owner;
 * an admin; the Owner, Admin or Editor of the campaign's organisation, while
 * the campaign's owner belongs to it too; a team member of the campaign who
 * accepted the invitation.
 *
 * The owner's membership is what makes the organisation's roles count: a
 * campaign tied to an organisation its owner has no part in (one attached
 * before only owners could attach) gives that organisation no edit rights.
 */
export async function canEditCampaign(
  user: SessionUser | null,
  campaign: CampaignAccessRow,
  db?: DbOrTx,
): Promise<boolean> {
  if (!user) return false;
  if (user.role === 'admin' || campaign.ownerId === user.id) return true;
  return hasCampaignRole(
    user.id,
    campaign,
    { organisationRoles: ORGANISATION_EDITOR_ROLES, ownerMustBelong: true },
    db,
  );
}

/**
 * Whether `userId` holds one of `organisationRoles` in the campaign's organisation (and,
 * with `ownerMustBelong`, the campaign's owner belongs to it too), or is a team member
 * of the campaign who accepted the invitation. The owner and admins are the caller's to check.
 */
export async function hasCampaignRole(
  userId: string,
  campaign: CampaignAccessRow,
  rule: { organisationRoles: readonly number[]; ownerMustBelong: boolean },
  db?: DbOrTx,
): Promise<boolean> {
  const conn = db ?? (await getDb());
  const ownerBelongs = sql`exists (select 1 from organisation_users owner_ou
    where owner_ou.organisation_id = ${campaign.organisationId}
      and owner_ou.user_id = ${campaign.ownerId})`;
  const [organisationRole, membership] = await Promise.all([
    campaign.organisationId
      ? conn
          .select({ role: organisationUsers.role })
          .from(organisationUsers)
          .where(
            and(
              eq(organisationUsers.organisationId, campaign.organisationId),
              eq(organisationUsers.userId, userId),
              inArray(organisationUsers.role, [...rule.organisationRoles]),
              rule.ownerMustBelong ? ownerBelongs : undefined,
            ),
          )
          .limit(1)
      : [],
    conn
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.campaignId, campaign.id),
          eq(teamMembers.userId, userId),
          eq(teamMembers.inviteStatus, InviteStatus.Accepted),
          eq(teamMembers.deleted, false),
        ),
      )
      .limit(1),
  ]);
  return organisationRole.length > 0 || membership.length > 0;
}

/** Throws 403 'You do not have permission to change this campaign.' unless `canEditCampaign`. */
export async function assertCanEditCampaign(
  user: SessionUser,
  campaign: CampaignAccessRow,
  db?: DbOrTx,
): Promise<void> {
  if (!(await canEditCampaign(user, campaign, db))) throw forbidden(CAMPAIGN_ACCESS_MESSAGES.forbidden);
}

/** The same rule in SQL, over the outer `campaigns` row: the campaigns `userId` may change. */
export function editableBy(userId: string): SQL {
  return sql`("campaigns"."owner_id" = ${userId}
    or exists (
      select 1 from organisation_users ou
      join organisation_users owner_ou
        on owner_ou.organisation_id = ou.organisation_id and owner_ou.user_id = "campaigns"."owner_id"
      where ou.organisation_id = "campaigns"."organisation_id" and ou.user_id = ${userId}
        and ou.role in (${sql.join(ORGANISATION_EDITOR_ROLES, sql`, `)}))
    or exists (
      select 1 from team_members tm
      where tm.campaign_id = "campaigns"."id" and tm.user_id = ${userId}
        and tm.invite_status = ${InviteStatus.Accepted} and not tm.deleted))`;
}

/**
 * The campaign pays out to its owner's identity and bank account, so only the
 * owner (and staff, who review them) see those in full; the rest of the team
 * sees them masked (docs/api/campaigns.md, "Reads").
 */
export function isOwnerOrAdmin(user: SessionUser, campaign: Pick<CampaignRow, 'ownerId'>): boolean {
  return user.role === 'admin' || campaign.ownerId === user.id;
}

/** A campaign by id, or null (also for text that is no id at all). */
export async function findCampaignById(id: string, db?: DbOrTx): Promise<CampaignRow | null> {
  const uuid = uuidOrNull(id);
  if (!uuid) return null;
  const conn = db ?? (await getDb());
  const [row] = await conn.select().from(campaigns).where(eq(campaigns.id, uuid)).limit(1);
  return row ?? null;
}

/** The campaign `user` is about to change: 404 'Campaign not found.', then 403 when it is not theirs to change. */
export async function findCampaignForEdit(user: SessionUser, id: string, db?: DbOrTx): Promise<CampaignRow> {
  const campaign = await findCampaignById(id, db);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  await assertCanEditCampaign(user, campaign, db);
  return campaign;
}

/**
 * The campaign whose banking details `user` is about to submit: as
 * `findCampaignForEdit`, then 403 'Only the campaign owner can submit banking
 * details.' for the rest of the team, whose own account would otherwise
 * receive the campaign's money.
 */
export async function findCampaignForVerification(
  user: SessionUser,
  id: string,
  db?: DbOrTx,
): Promise<CampaignRow> {
  const campaign = await findCampaignForEdit(user, id, db);
  if (campaign.ownerId !== user.id) throw forbidden(CAMPAIGN_ACCESS_MESSAGES.verificationOwnerOnly);
  return campaign;
}

/** Launched and not hidden: what anyone with the link may see (private campaigns are link-only, not secret). */
export function isPubliclyViewable(campaign: Pick<CampaignRow, 'published' | 'status'>): boolean {
  return campaign.published && campaign.status !== CampaignStatus.Hidden;
}

/** 404 'Campaign not found.' for a draft or hidden campaign, unless the viewer may change it. */
export async function assertCanViewCampaign(
  viewer: SessionUser | null,
  campaign: CampaignRow,
): Promise<void> {
  if (isPubliclyViewable(campaign) || (await canEditCampaign(viewer, campaign))) return;
  throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
}
