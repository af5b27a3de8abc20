import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { OrganisationPublicDetails } from '~/lib/contracts/organisations';
import { IdType, OrgUserRole } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { dependsOn, LISTS_TAG, organisationTag } from '~/lib/server/cache/tags';
import { publiclySearchable } from '~/lib/server/campaigns/cards';
import { embedUrlsOf } from '~/lib/server/campaigns/videos';
import { getDb } from '~/lib/server/db';
import {
  organisations,
  organisationTypes,
  organisationUsers,
  storedFiles,
  users,
} from '~/lib/server/db/schema';
import { uuidOrNull } from '~/lib/server/http/ids';
import { imageUrl } from '~/lib/server/platform/files';
import { sanitizeStoryHtml } from '~/lib/server/platform/sanitizeHtml';
import type { OrganisationRow } from './access';
import { fileColumns, fileView, organisationListsOf } from './parts';
import { campaignTotalsOf, loadOrganisationTotalsCents } from './totals';

/**
 * An organisation by public identifier: its url for idType 0 (the default),
 * its id for idType 1. Null when nothing matches.
 */
export async function findOrganisationByIdentifier(
  identifier: string,
  idType: number,
): Promise<OrganisationRow | null> {
  let where: SQL | undefined;
  if (idType === IdType.ById) {
    const id = uuidOrNull(identifier);
    if (!id) return null;
    where = eq(organisations.id, id);
  } else {
    if (!identifier) return null;
    where = or(eq(organisations.url, identifier), eq(organisations.url, identifier.toLowerCase()));
  }
  const db = await getDb();
  const [row] = await db.select().from(organisations).where(where).limit(1);
  return row ?? null;
}

/** The first Owner (oldest membership) with their picture and their launched public campaigns. */
async function loadOwner(organisationId: string): Promise<OrganisationPublicDetails['owner']> {
  const db = await getDb();
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      image: storedFiles,
      // publiclySearchable names "campaigns": the subquery reads that table under its own name.
      totalCampaigns: sql<number>`(select count(*) from campaigns where campaigns.owner_id = ${users.id}
        and ${publiclySearchable})`.mapWith(Number),
    })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .leftJoin(storedFiles, eq(storedFiles.id, users.imageFileId))
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        eq(organisationUsers.role, OrgUserRole.Owner),
      ),
    )
    .orderBy(asc(organisationUsers.createdAt), asc(organisationUsers.id))
    .limit(1);
  if (!row) return null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    totalCampaigns: row.totalCampaigns,
    image: row.image ? imageUrl(row.image) : null,
  };
}

/** Everything listed under the organisation, in one round of parallel queries. */
async function loadParts(organisation: OrganisationRow) {
  const db = await getDb();
  const id = organisation.id;
  return Promise.all([
    organisationListsOf(id, db),
    organisation.organisationTypeId === null
      ? Promise.resolve([])
      : db
          .select({ id: organisationTypes.id, name: organisationTypes.name })
          .from(organisationTypes)
          .where(eq(organisationTypes.id, organisation.organisationTypeId)),
    organisation.logoFileId === null
      ? Promise.resolve([])
      : db
          .select(fileColumns(storedFiles))
          .from(storedFiles)
          .where(eq(storedFiles.id, organisation.logoFileId)),
    loadOwner(id),
    loadOrganisationTotalsCents(id),
  ]);
}

/**
 * `GET organizations/short/{identifier}?idType=` (public) and the public page:
 * SPEC §3 "Organisation public details", or null for an unknown organisation.
 * Totals are rand, each campaign's money taken in its own currency first.
 * The description was sanitised when written; it is sanitised again here, so
 * a row written another way is still harmless on the page.
 */
export async function getOrganisationPublicDetails(
  identifier: string,
  idType: number = IdType.ByPath,
): Promise<OrganisationPublicDetails | null> {
  const org = await findOrganisationByIdentifier(identifier, idType);
  if (!org) return null;
  // Its campaigns' totals move with every donation to them, which the database announces as lists.
  dependsOn(organisationTag(org.id), LISTS_TAG);
  const [lists, [type], [logo], owner, totals] = await loadParts(org);
  const description = org.briefDescription ? sanitizeStoryHtml(org.briefDescription) : '';
  return {
    id: org.id,
    legalName: org.legalName,
    otherName: org.otherName,
    briefDescription: description || null,
    keywordsDescription: org.keywordsDescription,
    organizationAddresses: lists.addresses,
    videoUrls: embedUrlsOf(lists.videos.map((v) => v.url)),
    socialUrls: lists.socials.map((s) => s.url),
    organizationSectors: lists.sectors,
    totalCampaigns: totals.publicCampaigns,
    organizationType: type ?? null,
    logo: fileView(logo ?? null),
    url: org.url,
    orgOffilineDonationsTotal: fromCents(totals.offline),
    orgDonationsTotal: fromCents(totals.received),
    owner,
    isVerified: org.isVerified,
    website: org.website,
    nonRandOrganization: org.nonRandOrganization,
    campaignTotals: campaignTotalsOf(totals),
  };
}
