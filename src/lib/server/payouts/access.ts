import { FundingType, OrgUserRole } from '~/lib/enums';
import type { SessionUser } from '~/lib/server/accounts/session';
import { CAMPAIGN_ACCESS_MESSAGES, type CampaignRow, findCampaignById } from '~/lib/server/campaigns/access';
import type { DbOrTx } from '~/lib/server/db/types';
import { forbidden, notFound } from '~/lib/server/http/errors';
import {
  findOrganisationById,
  ORGANISATION_ACCESS_MESSAGES,
  type OrganisationRow,
  roleInOrganisation,
} from '~/lib/server/organisations/access';

/**
 * Who may see and request payouts (docs/api/payouts.md, "Who may"): a campaign's owner; the
 * Owners and Admins of its organisation; platform admins. Editors and Champions of the
 * organisation and the campaign's team may change a campaign but never move its money.
 */
export const PAYOUT_ACCESS_MESSAGES = {
  campaign: 'You do not have permission to see or request this campaign’s payouts.',
  organisation: 'You do not have permission to see or request this organisation’s payouts.',
  organisationCampaign:
    'This campaign raises funds for an organisation: its owners and admins request its payouts, to the organisation’s bank account.',
  notFound: 'Campaign or organisation not found.',
} as const;

/** Organisation roles that see and request the organisation's payouts. */
export const PAYOUT_ROLES: readonly OrgUserRole[] = [OrgUserRole.Owner, OrgUserRole.Admin];

/** Whether `user` manages the money of `organisationId`: a platform admin, or one of its Owners or Admins. */
export async function managesOrganisationMoney(
  user: SessionUser,
  organisationId: string | null,
  db?: DbOrTx,
): Promise<boolean> {
  if (!organisationId) return false;
  if (user.role === 'admin') return true;
  const role = await roleInOrganisation(user.id, organisationId, db);
  return role !== null && PAYOUT_ROLES.includes(role);
}

/** Whether `user` may see the campaign's funds and payouts. */
export async function maySeeCampaignMoney(
  user: SessionUser,
  campaign: Pick<CampaignRow, 'ownerId' | 'organisationId'>,
  db?: DbOrTx,
): Promise<boolean> {
  if (user.role === 'admin' || campaign.ownerId === user.id) return true;
  return managesOrganisationMoney(user, campaign.organisationId, db);
}

/**
 * Whether `user` may request a payout of the campaign (docs/api/payouts.md, "Who may see and
 * request"; the rule POST /payouts/ and POST /payouts/bluetick-payout enforce): a Bluetick
 * campaign's owner; for a campaign of an organisation, its Owners and Admins (and platform
 * admins) — the campaign's own owner, a champion say, only when also one of them; for a
 * campaign without one, its owner and platform admins. My Campaigns shows the link by this.
 */
export async function mayRequestPayout(
  user: SessionUser,
  campaign: Pick<CampaignRow, 'ownerId' | 'organisationId' | 'fundingType'>,
  db?: DbOrTx,
): Promise<boolean> {
  if (campaign.fundingType === FundingType.Bluetick) return campaign.ownerId === user.id;
  if (campaign.organisationId) return managesOrganisationMoney(user, campaign.organisationId, db);
  return campaign.ownerId === user.id || user.role === 'admin';
}

/** The campaign whose money `user` reads: 404 'Campaign not found.', then 403. */
export async function findCampaignForMoney(user: SessionUser, id: string, db?: DbOrTx): Promise<CampaignRow> {
  const campaign = await findCampaignById(id, db);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  if (!(await maySeeCampaignMoney(user, campaign, db))) throw forbidden(PAYOUT_ACCESS_MESSAGES.campaign);
  return campaign;
}

/** The organisation whose money `user` reads: 404 'Organisation not found.', then 403. */
export async function findOrganisationForMoney(
  user: SessionUser,
  id: string,
  db?: DbOrTx,
): Promise<OrganisationRow> {
  const organisation = await findOrganisationById(id, db);
  if (!organisation) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  if (!(await managesOrganisationMoney(user, organisation.id, db))) {
    throw forbidden(PAYOUT_ACCESS_MESSAGES.organisation);
  }
  return organisation;
}
