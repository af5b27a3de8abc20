import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OwnerDonation, OwnerDonationPage, OwnerDonationTotals } from '~/lib/contracts/donations';
import { publicDonorName } from '~/lib/donationDisplay';
import { DonationStatus, DonationType, type OrgUserRole } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import {
  CAMPAIGN_ACCESS_MESSAGES,
  type CampaignRow,
  findCampaignById,
  hasCampaignRole,
} from '~/lib/server/campaigns/access';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, currencies, donations } from '~/lib/server/db/schema';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import {
  findOrganisationFor,
  ORGANISATION_PERMISSIONS,
  type OrganisationRow,
} from '~/lib/server/organisations/access';
import { DONATION_FEE } from '~/lib/server/payouts/funds';
import { REFUNDED_OF_D } from '~/lib/server/refunds/netSql';

/**
 * Who gave (docs/api/donations.md, "Who gave"): a campaign's counted donations for its owner, its
 * team and its organisation's Owners and Admins; an organisation's across its campaigns for its
 * Owners and Admins. Platform admins see both. The donor's email and phone never leave here.
 * Amounts, refunds and fees are the ledger's (payouts/funds.ts, refunds/netSql.ts), so the totals
 * equal the funds: a donation refunded in full stays listed with its refund, and nets 0.
 */

export const OWNER_DONATION_MESSAGES = {
  forbidden: 'You do not have permission to see the donations of this campaign.',
} as const;

/** A page of the list: 20 unless asked, at most 100. */
export const OWNER_DONATION_PAGE_SIZE = { default: 20, max: 100 } as const;

/** Organisation roles that see every donation to the organisation's campaigns. */
const ORGANISATION_READER_ROLES: OrgUserRole[] = [...ORGANISATION_PERMISSIONS.readDonations];

/** The owner, an accepted team member, the organisation's Owner or Admin, or a platform admin. */
export async function mayReadCampaignDonations(
  user: SessionUser,
  campaign: Pick<CampaignRow, 'id' | 'ownerId' | 'organisationId'>,
): Promise<boolean> {
  if (user.role === 'admin' || campaign.ownerId === user.id) return true;
  return hasCampaignRole(user.id, campaign, {
    organisationRoles: ORGANISATION_READER_ROLES,
    ownerMustBelong: false,
  });
}

/** The campaign whose donors `user` asks about: 404 'Campaign not found.', then 403. */
export async function findCampaignForDonations(user: SessionUser, id: string): Promise<CampaignRow> {
  const campaign = await findCampaignById(id);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  if (!(await mayReadCampaignDonations(user, campaign))) throw forbidden(OWNER_DONATION_MESSAGES.forbidden);
  return campaign;
}

/** The organisation whose donors `user` asks about: its Owners and Admins (and platform admins). */
function findOrganisationForDonations(user: SessionUser, id: string): Promise<OrganisationRow> {
  return findOrganisationFor(user, id, 'readDonations').then(({ organisation }) => organisation);
}

// The fee rule (payouts/funds.ts) reads the tables as `d` and `s`.
const d = alias(donations, 'd');
const s = alias(campaignSettings, 's');

const counted = (scope: SQL): SQL => and(scope, eq(d.status, DonationStatus.Accepted)) as SQL;

const rowColumns = {
  id: d.id,
  createdAt: d.createdAt,
  anonymous: d.anonymous,
  displayName: d.displayName,
  firstName: d.firstName,
  lastName: d.lastName,
  comment: d.comment,
  amount: d.campaignAmount,
  refunded: sql<number>`${REFUNDED_OF_D}::bigint`.mapWith(Number),
  fee: DONATION_FEE,
  status: d.status,
  paymentMethod: d.paymentMethod,
  reference: d.reference,
  type: d.type,
  campaignId: campaigns.id,
  campaignName: campaigns.name,
  campaignUrl: campaigns.url,
  symbol: currencies.symbol,
  ticker: currencies.ticker,
};

interface Row {
  id: string;
  createdAt: Date;
  anonymous: boolean;
  displayName: string | null;
  firstName: string;
  lastName: string;
  comment: string | null;
  amount: number;
  refunded: number;
  fee: number;
  status: number;
  paymentMethod: number;
  reference: string;
  type: number;
  campaignId: string;
  campaignName: string;
  campaignUrl: string;
  symbol: string;
  ticker: string;
}

function ownerDonationOf(row: Row): OwnerDonation {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    donorName: publicDonorName(row),
    comment: row.comment,
    amount: fromCents(row.amount),
    currency: { symbol: row.symbol, ticker: row.ticker },
    feeAmount: fromCents(row.fee),
    refundedAmount: fromCents(row.refunded),
    netAmount: fromCents(row.amount - row.refunded - row.fee),
    status: row.status,
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    recurring: row.type === DonationType.Recurring,
    campaign: { id: row.campaignId, name: row.campaignName, url: row.campaignUrl },
  };
}

async function donationRows(scope: SQL, page?: PageQuery): Promise<Row[]> {
  const db = await getDb();
  const query = db
    .select(rowColumns)
    .from(d)
    .innerJoin(campaigns, eq(campaigns.id, d.campaignId))
    .leftJoin(s, eq(s.campaignId, d.campaignId))
    .innerJoin(currencies, eq(currencies.id, sql`coalesce(${s.currencyId}, ${d.currencyId})`))
    .where(counted(scope))
    .orderBy(desc(d.createdAt), desc(d.id));
  return page ? query.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : query;
}

async function totalsOf(scope: SQL): Promise<{ count: number; totals: OwnerDonationTotals[] }> {
  const db = await getDb();
  const rows = await db
    .select({
      symbol: currencies.symbol,
      ticker: currencies.ticker,
      count: count(),
      gross: sql<number>`coalesce(sum(${d.campaignAmount}), 0)::bigint`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${REFUNDED_OF_D}), 0)::bigint`.mapWith(Number),
      fees: sql<number>`coalesce(sum(${DONATION_FEE}), 0)::bigint`.mapWith(Number),
    })
    .from(d)
    .leftJoin(s, eq(s.campaignId, d.campaignId))
    .innerJoin(currencies, eq(currencies.id, sql`coalesce(${s.currencyId}, ${d.currencyId})`))
    .where(counted(scope))
    .groupBy(currencies.id, currencies.symbol, currencies.ticker)
    .orderBy(currencies.id);
  return {
    count: rows.reduce((n, row) => n + row.count, 0),
    totals: rows.map((row) => ({
      currency: { symbol: row.symbol, ticker: row.ticker },
      count: row.count,
      gross: fromCents(row.gross),
      refunded: fromCents(row.refunded),
      fees: fromCents(row.fees),
      net: fromCents(row.gross - row.refunded - row.fees),
    })),
  };
}

/** One page of the rows in `rowScope`, with the totals of `totalScope` (the same donations, said without the join). */
async function pageOf(rowScope: SQL, totalScope: SQL, page: PageQuery): Promise<OwnerDonationPage> {
  const [rows, { count: total, totals }] = await Promise.all([
    donationRows(rowScope, page),
    totalsOf(totalScope),
  ]);
  return {
    items: rows.map(ownerDonationOf),
    paginationMetadata: paginationOf(total, page.pageNo, page.pageSize),
    totals,
  };
}

const ofCampaign = (id: string): SQL => eq(d.campaignId, id);
const ofOrganisation = (id: string): SQL => eq(campaigns.organisationId, id);
const inOrganisation = (id: string): SQL =>
  sql`exists (select 1 from campaigns oc where oc.id = ${d.campaignId} and oc.organisation_id = ${id})`;

/** `GET /campaigns/{id}/donations?pageNo&pageSize`: newest first, with the totals of every page. */
export async function listCampaignDonorsPage(
  user: SessionUser,
  id: string,
  page: PageQuery,
): Promise<OwnerDonationPage> {
  const campaign = await findCampaignForDonations(user, id);
  return pageOf(ofCampaign(campaign.id), ofCampaign(campaign.id), page);
}

/** `GET /organizations/{id}/donations?pageNo&pageSize`: across the organisation's campaigns. */
export async function listOrganisationDonorsPage(
  user: SessionUser,
  id: string,
  page: PageQuery,
): Promise<OwnerDonationPage> {
  const organisation = await findOrganisationForDonations(user, id);
  return pageOf(ofOrganisation(organisation.id), inOrganisation(organisation.id), page);
}

/** The rows of `GET /campaigns/{id}/donations.csv`, every page. */
export async function allCampaignDonors(
  user: SessionUser,
  id: string,
): Promise<{ items: OwnerDonation[]; name: string }> {
  const campaign = await findCampaignForDonations(user, id);
  return { items: (await donationRows(ofCampaign(campaign.id))).map(ownerDonationOf), name: campaign.url };
}

/** The rows of `GET /organizations/{id}/donations.csv`, every page. */
export async function allOrganisationDonors(
  user: SessionUser,
  id: string,
): Promise<{ items: OwnerDonation[]; name: string }> {
  const organisation = await findOrganisationForDonations(user, id);
  const rows = await donationRows(ofOrganisation(organisation.id));
  return { items: rows.map(ownerDonationOf), name: organisation.url };
}
