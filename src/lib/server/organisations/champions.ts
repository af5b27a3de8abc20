import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ChampionsPage } from '~/lib/contracts/organisations';
import { OrgUserRole } from '~/lib/enums';
import type { SessionUser } from '~/lib/server/accounts/session';
import { publiclySearchable } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { organisationUsers, storedFiles, users } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { imageUrl } from '~/lib/server/platform/files';
import { findOrganisationById, mayDo, ORGANISATION_ACCESS_MESSAGES, roleInOrganisation } from './access';

/** Whether `viewer` may read the champions' addresses: the organisation's Owners and Admins (and platform admins). */
async function mayReadEmails(viewer: SessionUser | null, organisationId: string): Promise<boolean> {
  if (!viewer) return false;
  return mayDo(viewer, await roleInOrganisation(viewer.id, organisationId), 'manageMembers');
}

/**
 * `GET /organisations/users/champions/{organizationId}` (public): the
 * organisation's champions (members with role 3), oldest first, each with the
 * launched public campaigns they run for it. `email` is null except for its
 * Owners and Admins. 404 'Organisation not found.' for an unknown organisation.
 */
export async function listChampions(
  organisationId: string,
  viewer: SessionUser | null,
  page: PageQuery,
): Promise<ChampionsPage> {
  const organisation = await findOrganisationById(organisationId);
  if (!organisation) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  const id = organisation.id;
  const where = and(
    eq(organisationUsers.organisationId, id),
    eq(organisationUsers.role, OrgUserRole.Champion),
  );
  const db = await getDb();
  const [showEmail, total, rows] = await Promise.all([
    mayReadEmails(viewer, id),
    db.select({ n: count() }).from(organisationUsers).where(where),
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        image: storedFiles,
        // publiclySearchable names "campaigns": the subquery reads that table under its own name.
        totalCampaigns: sql<number>`(select count(*) from campaigns where campaigns.owner_id = ${users.id}
          and campaigns.organisation_id = ${id} and ${publiclySearchable})`.mapWith(Number),
      })
      .from(organisationUsers)
      .innerJoin(users, eq(users.id, organisationUsers.userId))
      .leftJoin(storedFiles, eq(storedFiles.id, users.imageFileId))
      .where(where)
      .orderBy(asc(organisationUsers.createdAt), asc(organisationUsers.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
  ]);
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      image: row.image ? imageUrl(row.image) : null,
      totalCampaigns: row.totalCampaigns,
      email: showEmail ? row.email : null,
    })),
    paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize),
  };
}
