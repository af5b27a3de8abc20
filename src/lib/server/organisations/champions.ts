import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { ChampionOrder, ChampionsPage } from '~/lib/contracts/organisations';
import { DonationStatus, OrgUserRole } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { DONOR_KEY_OF_D, publiclySearchable, raisedCentsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { organisationUsers, storedFiles, users } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { imageUrl } from '~/lib/server/platform/files';
import { D_NOT_REFUNDED } from '~/lib/server/refunds/netSql';
import { findOrganisationById, mayDo, ORGANISATION_ACCESS_MESSAGES, roleInOrganisation } from './access';
import { toRandFactorSql } from './totals';

// The champion's campaigns counted: those they run for the organisation that the public may see.
// The SQL names the table "campaigns" (publiclySearchable and raisedCentsSql read it by that name).
const championsCampaigns = (organisationId: string): SQL =>
  sql`"campaigns"."owner_id" = "users"."id" and "campaigns"."organisation_id" = ${organisationId} and ${publiclySearchable}`;

/** Rand cents those campaigns raised: each campaign's ledger total less refunds, converted as organisation totals are. */
const raisedRandCentsOf = (organisationId: string): SQL<number> =>
  sql<number>`(select coalesce(round(sum(t.received * t.to_rand)), 0)::bigint from (
    select ${raisedCentsSql} as received, ${toRandFactorSql(sql`cs.currency_id`)} as to_rand
    from campaigns left join campaign_settings cs on cs.campaign_id = "campaigns"."id"
    where ${championsCampaigns(organisationId)}) t)`.mapWith(Number);

/** Distinct donors of those campaigns, by the key campaign pages count them by. */
const donorsOf = (organisationId: string): SQL<number> =>
  sql<number>`(select count(distinct ${DONOR_KEY_OF_D}) from donations d
    join campaigns on "campaigns"."id" = d.campaign_id
    where ${championsCampaigns(organisationId)} and d.status = ${DonationStatus.Accepted} and ${D_NOT_REFUNDED})`.mapWith(
    Number,
  );

/** Whether `viewer` may read the champions' addresses: the organisation's Owners and Admins (and platform admins). */
async function mayReadEmails(viewer: SessionUser | null, organisationId: string): Promise<boolean> {
  if (!viewer) return false;
  return mayDo(viewer, await roleInOrganisation(viewer.id, organisationId), 'manageMembers');
}

const championWhere = (organisationId: string): SQL | undefined =>
  and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.role, OrgUserRole.Champion));

/**
 * Champions `offset` to `offset + limit` of the organisation (by `order`), each with how many there
 * are in all (a window count: exact whenever the slice is not empty).
 */
async function championRows(
  organisationId: string,
  slice: { offset: number; limit: number },
  order: ChampionOrder,
) {
  const db = await getDb();
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      image: storedFiles,
      // publiclySearchable names "campaigns": the subquery reads that table under its own name.
      totalCampaigns: sql<number>`(select count(*) from campaigns where campaigns.owner_id = ${users.id}
        and campaigns.organisation_id = ${organisationId} and ${publiclySearchable})`.mapWith(Number),
      raised: raisedRandCentsOf(organisationId).as('raised'),
      donors: donorsOf(organisationId).as('donors'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .leftJoin(storedFiles, eq(storedFiles.id, users.imageFileId))
    .where(championWhere(organisationId))
    .orderBy(
      ...(order === 'raised' ? [sql`"raised" desc`, sql`"donors" desc`] : []),
      asc(organisationUsers.createdAt),
      asc(organisationUsers.id),
    )
    .limit(slice.limit)
    .offset(slice.offset);
}

type ChampionRow = Awaited<ReturnType<typeof championRows>>[number];

const championView = (row: ChampionRow, showEmail: boolean): ChampionsPage['items'][number] => ({
  userId: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  image: row.image ? imageUrl(row.image) : null,
  totalCampaigns: row.totalCampaigns,
  raised: fromCents(row.raised),
  donors: row.donors,
  email: showEmail ? row.email : null,
});

/**
 * `GET /organisations/users/champions/{organizationId}` (public): the
 * organisation's champions (members with role 3), each with the launched public
 * campaigns they run for it, what those raised (rand, less refunds) and their
 * donors; oldest membership first, or the leaderboard (`raised`: most raised,
 * then most donors, then oldest). `email` is null except for its Owners and
 * Admins. 404 'Organisation not found.' for an unknown organisation.
 */
export async function listChampions(
  organisationId: string,
  viewer: SessionUser | null,
  page: PageQuery,
  order: ChampionOrder = 'joined',
): Promise<ChampionsPage> {
  const organisation = await findOrganisationById(organisationId);
  if (!organisation) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  const id = organisation.id;
  const db = await getDb();
  const [showEmail, total, rows] = await Promise.all([
    mayReadEmails(viewer, id),
    // Counted apart: a page past the last has no row to carry the window count.
    db.select({ n: count() }).from(organisationUsers).where(championWhere(id)),
    championRows(id, { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize }, order),
  ]);
  return {
    items: rows.map((row) => championView(row, showEmail)),
    paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize),
  };
}

/**
 * Pages 1 to `pages` of the champions' leaderboard (most raised first) as one list, in one query,
 * read as a visitor (no email): the organisation page, whose organisation is already found.
 */
export async function championsUpTo(
  organisationId: string,
  pages: number,
  pageSize: number,
): Promise<ChampionsPage> {
  const rows = await championRows(organisationId, { offset: 0, limit: pages * pageSize }, 'raised');
  return {
    items: rows.map((row) => championView(row, false)),
    paginationMetadata: paginationOf(rows[0]?.total ?? 0, pages, pageSize),
  };
}
