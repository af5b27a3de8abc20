import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  AdminCampaignHit,
  AdminDonationHit,
  AdminOrganisationHit,
  AdminSearchKind,
  AdminSearchResult,
  AdminUserHit,
} from '~/lib/contracts/admin';
import { fromCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { getDb } from '~/lib/server/db';
import { readPage } from '~/lib/server/db/paged';
import {
  campaignSettings,
  campaigns,
  currencies,
  donations,
  organisations,
  users,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import type { PageQuery } from '~/lib/server/http/paging';
import { owedCentsSql } from '~/lib/server/payouts/funds';

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains `q` (any case); everything when `q` is empty. */
function matching(q: string, columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(...columns.map((c) => ilike(c, pattern)));
}

export const campaignHitColumns = {
  id: campaigns.id,
  name: campaigns.name,
  url: campaigns.url,
  firstName: users.firstName,
  lastName: users.lastName,
  ownerEmail: users.email,
  status: campaigns.status,
  published: campaigns.published,
  featured: campaigns.featured,
  isVerified: campaigns.isVerified,
  createdAt: campaigns.createdAt,
  fundingType: campaigns.fundingType,
  organisationId: campaigns.organisationId,
  organisationName: organisations.legalName,
  debitOrders: campaignSettings.showPaysoft,
  snapscan: campaignSettings.showSnapscan,
  donationsPausedAt: campaignSettings.donationsPausedAt,
  donationsPausedReason: campaignSettings.donationsPausedReason,
  payoutsHeldAt: campaignSettings.payoutsHeldAt,
  payoutsHeldReason: campaignSettings.payoutsHeldReason,
  owed: owedCentsSql,
};

type CampaignHitRow = {
  [K in Exclude<
    keyof typeof campaignHitColumns,
    | 'organisationId'
    | 'organisationName'
    | 'debitOrders'
    | 'snapscan'
    | 'donationsPausedAt'
    | 'donationsPausedReason'
    | 'payoutsHeldAt'
    | 'payoutsHeldReason'
    | 'owed'
  >]: (typeof campaignHitColumns)[K]['_']['data'];
} & {
  organisationId: string | null;
  organisationName: string | null;
  debitOrders: boolean | null;
  snapscan: boolean | null;
  donationsPausedAt: Date | null;
  donationsPausedReason: string | null;
  payoutsHeldAt: Date | null;
  payoutsHeldReason: string | null;
  owed: number;
};

/** Campaigns as the search shows them: with their owner and the organisation they raise for, if any. */
export const selectCampaignHits = (db: DbOrTx) =>
  db
    .select(campaignHitColumns)
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id));

export const campaignHitOf = ({
  firstName,
  lastName,
  createdAt,
  organisationId,
  organisationName,
  debitOrders,
  snapscan,
  donationsPausedAt,
  donationsPausedReason,
  payoutsHeldAt,
  payoutsHeldReason,
  owed,
  ...c
}: CampaignHitRow): AdminCampaignHit => ({
  ...c,
  gateways: { paysoft: debitOrders ?? false, snapscan: snapscan ?? false },
  donationsPausedReason: donationsPausedAt ? (donationsPausedReason ?? '') : null,
  payoutsHeldReason: payoutsHeldAt ? (payoutsHeldReason ?? '') : null,
  owed: fromCents(owed),
  ownerName: fullName({ firstName, lastName }),
  createdAt: createdAt.toISOString(),
  organisation:
    organisationId && organisationName !== null ? { id: organisationId, legalName: organisationName } : null,
});

async function searchUsers(q: string, page: PageQuery) {
  const db = await getDb();
  const where = matching(q, [users.email, users.firstName, users.lastName]);
  return readPage(
    page,
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        active: users.active,
        emailConfirmed: users.emailConfirmed,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .$dynamic(),
    [desc(users.createdAt), desc(users.id)],
    db.$count(users, where),
    (u): AdminUserHit => ({ ...u, createdAt: u.createdAt.toISOString() }),
  );
}

async function searchCampaigns(q: string, page: PageQuery) {
  const db = await getDb();
  const where = matching(q, [campaigns.name, campaigns.url, users.email]);
  const total = db
    .select({ n: count() })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(where)
    .then(([row]) => row?.n ?? 0);
  return readPage(
    page,
    selectCampaignHits(db).where(where).$dynamic(),
    [desc(campaigns.createdAt), desc(campaigns.id)],
    total,
    campaignHitOf,
  );
}

async function searchDonations(q: string, page: PageQuery) {
  const db = await getDb();
  const where = matching(q, [donations.reference, donations.email, donations.firstName, donations.lastName]);
  return readPage(
    page,
    db
      .select({
        id: donations.id,
        reference: donations.reference,
        firstName: donations.firstName,
        lastName: donations.lastName,
        email: donations.email,
        amount: donations.amount,
        tipAmount: donations.tipAmount,
        currencyTicker: currencies.ticker,
        status: donations.status,
        paymentMethod: donations.paymentMethod,
        campaignName: campaigns.name,
        campaignUrl: campaigns.url,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .innerJoin(currencies, eq(currencies.id, donations.currencyId))
      .where(where)
      .$dynamic(),
    [desc(donations.createdAt), desc(donations.id)],
    db.$count(donations, where),
    ({ firstName, lastName, amount, tipAmount, createdAt, ...d }): AdminDonationHit => ({
      ...d,
      donorName: fullName({ firstName, lastName }),
      amount: fromCents(amount + tipAmount),
      createdAt: createdAt.toISOString(),
    }),
  );
}

async function searchOrganisations(q: string, page: PageQuery) {
  const db = await getDb();
  const where = matching(q, [organisations.legalName, organisations.otherName, organisations.url]);
  return readPage(
    page,
    db
      .select({
        id: organisations.id,
        legalName: organisations.legalName,
        url: organisations.url,
        isVerified: organisations.isVerified,
        createdAt: organisations.createdAt,
      })
      .from(organisations)
      .where(where)
      .$dynamic(),
    [desc(organisations.createdAt), desc(organisations.id)],
    db.$count(organisations, where),
    (o): AdminOrganisationHit => ({ ...o, createdAt: o.createdAt.toISOString() }),
  );
}

/**
 * `GET /admin/search?q=&kind=`: users by name or email; campaigns by name, url
 * or owner email; donations by reference, donor name or email; organisations,
 * verified or not, by legal or other name or url. Any part of the text
 * matches, in any case; newest first.
 */
export async function adminSearch(
  kind: AdminSearchKind,
  q: string,
  page: PageQuery,
): Promise<AdminSearchResult> {
  if (kind === 'users') return { kind, results: await searchUsers(q, page) };
  if (kind === 'campaigns') return { kind, results: await searchCampaigns(q, page) };
  if (kind === 'organisations') return { kind, results: await searchOrganisations(q, page) };
  return { kind, results: await searchDonations(q, page) };
}
