import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { OrganisationPublicDetails } from '~/lib/contracts/organisations';
import { CampaignStatus, IdType, OrgUserRole, Visibility } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { dependsOn, LISTS_TAG, organisationTag } from '~/lib/server/cache/tags';
import { publiclySearchable } from '~/lib/server/campaigns/cards';
import { embedUrlsOf } from '~/lib/server/campaigns/videos';
import { getDb } from '~/lib/server/db';
import {
  campaignSettings,
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
import { fileColumns, fileView, organisationListColumns } from './parts';
import { campaignTotalsOf, loadOrganisationTotalsCents } from './totals';

/** Where an organisation's public identifier points: its url for idType 0 (the default), its id for idType 1. */
function identifierWhere(identifier: string, idType: number): SQL | null {
  if (idType === IdType.ById) {
    const id = uuidOrNull(identifier);
    return id ? eq(organisations.id, id) : null;
  }
  if (!identifier) return null;
  return or(eq(organisations.url, identifier), eq(organisations.url, identifier.toLowerCase())) ?? null;
}

/**
 * An organisation by public identifier: its url for idType 0 (the default),
 * its id for idType 1. Null when nothing matches.
 */
export async function findOrganisationByIdentifier(
  identifier: string,
  idType: number,
): Promise<OrganisationRow | null> {
  const where = identifierWhere(identifier, idType);
  if (!where) return null;
  const db = await getDb();
  const [row] = await db.select().from(organisations).where(where).limit(1);
  return row ?? null;
}

/**
 * The url of the one campaign the organisation runs itself (its Owner's or an Admin's, not a
 * champion's) that the public sees and that takes donations, or null when it has none or several:
 * the page's Donate goes there, else to the list of campaigns to choose from.
 */
const ownCampaignUrlSql = sql<string | null>`(select case when count(*) = 1 then min(c.url) end
  from campaigns c join ${campaignSettings} cs on cs.campaign_id = c.id
    join ${organisationUsers} ou on ou.organisation_id = c.organisation_id and ou.user_id = c.owner_id
  where c.organisation_id = "organisations"."id" and ou.role in (${OrgUserRole.Owner}, ${OrgUserRole.Admin})
    and c.published and c.status = ${CampaignStatus.Active} and c.visibility = ${Visibility.Public}
    and (c.end_date is null or c.end_date > now()) and cs.donations_paused_at is null)`;

/** The organisation with its type, logo, lists and own campaign, in one statement. */
async function loadOrganisation(where: SQL) {
  const db = await getDb();
  const [row] = await db
    .select({
      organisation: organisations,
      type: { id: organisationTypes.id, name: organisationTypes.name },
      logo: fileColumns(storedFiles),
      ownCampaignUrl: ownCampaignUrlSql,
      ...organisationListColumns(),
    })
    .from(organisations)
    .leftJoin(organisationTypes, eq(organisationTypes.id, organisations.organisationTypeId))
    .leftJoin(storedFiles, eq(storedFiles.id, organisations.logoFileId))
    .where(where)
    .limit(1);
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
  const where = identifierWhere(identifier, idType);
  const found = where && (await loadOrganisation(where));
  if (!found) return null;
  const { organisation: org, type, logo, ownCampaignUrl, ...lists } = found;
  // Its campaigns' totals move with every donation to them, which the database announces as lists.
  dependsOn(organisationTag(org.id), LISTS_TAG);
  const [owner, totals] = await Promise.all([loadOwner(org.id), loadOrganisationTotalsCents(org.id)]);
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
    organizationType: type,
    logo: fileView(logo),
    url: org.url,
    orgOffilineDonationsTotal: fromCents(totals.offline),
    orgDonationsTotal: fromCents(totals.received),
    owner,
    isVerified: org.isVerified,
    website: org.website,
    nonRandOrganization: org.nonRandOrganization,
    campaignTotals: campaignTotalsOf(totals),
    npoNumber: org.npoNumber?.trim() || null,
    pboNumber: org.pboNumber?.trim() || null,
    ownCampaignUrl,
  };
}
