import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { IdName } from '~/lib/contracts/lookups';
import type { OrganisationCard, OrganisationSearchPage } from '~/lib/contracts/organisations';
import { CampaignStatus, Currency, DonationStatus, Visibility } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { OrganisationOrder, OrganisationSearchInput } from '~/lib/schemas/search';
import { prefixQuery } from '~/lib/server/campaigns/search';
import { getDb } from '~/lib/server/db';
import { organisations, organisationTypes, storedFiles } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { paginationOf } from '~/lib/server/http/paging';
import { env } from '~/lib/server/platform/env';
import { textOfHtml } from '~/lib/server/platform/sanitizeHtml';
import { refundedOfAcceptedDonations } from '~/lib/server/refunds/netSql';
import { fileColumns, fileView } from './parts';

const SUMMARY_LENGTH = 200;
/** Width of the logo variant a card shows (files stored once answer their own url). */
const CARD_LOGO_WIDTH = 160;

// Raw SQL names the outer table, so the subqueries below bind to the organisation of the row.
const OUTER_ORGANISATION_ID = sql`"organisations"."id"`;

/** The organisation full-text document, exactly as `organisations_search_idx` indexes it. */
export const organisationSearchVector: SQL = sql`to_tsvector('simple', "organisations"."legal_name" || ' ' || coalesce("organisations"."other_name", '') || ' ' || coalesce("organisations"."keywords_description", '') || ' ' || coalesce("organisations"."brief_description", ''))`;

/**
 * Rand cents of the accepted donations of the outer organisation's campaigns, less what the
 * ledger took from them: each donation in its campaign's own currency, converted at
 * USD_TO_ZAR_RATE (the rule of totals.ts, so a card and the public page agree). Summed per
 * campaign (sum(NET_OF_D) of its donations, exact numerics, so the same total), which reads a
 * campaign's donations off one index instead of asking the refunds of each donation.
 */
const receivedRandCentsSql: SQL<number> = sql<number>`(
  select coalesce(round(sum(((
    select coalesce(sum(d.campaign_amount), 0) from donations d
    where d.campaign_id = c.id and d.status = ${DonationStatus.Accepted}
  ) - ${refundedOfAcceptedDonations(sql`c.id`)}) * case when cs.currency_id = ${Currency.Dollar}
    then ${env.payments.usdToZarRate}::numeric else 1 end)), 0)::bigint
  from campaigns c
  left join campaign_settings cs on cs.campaign_id = c.id
  where c.organisation_id = ${OUTER_ORGANISATION_ID}
)`.mapWith(Number);

/**
 * The same rand total from the organisation's kept sums of its campaigns' counters
 * (organisation_raised, migration 0018; campaigns.raised_cents, 0007): for ordering every
 * organisation without summing every donation or campaign. Rounded the same way, after the sum.
 */
const receivedRandCentsOrderSql: SQL<number> = sql<number>`coalesce((
  select round(r.at_par_cents + r.dollar_cents * ${env.payments.usdToZarRate}::numeric)
  from organisation_raised r where r.organisation_id = ${OUTER_ORGANISATION_ID}
), 0)::bigint`.mapWith(Number);

/** Launched campaigns of the outer organisation that anyone may find. */
const publicCampaignsSql: SQL<number> = sql<number>`(
  select count(*)::int from campaigns c
  where c.organisation_id = ${OUTER_ORGANISATION_ID} and c.published
    and c.status <> ${CampaignStatus.Hidden} and c.visibility = ${Visibility.Public}
)`.mapWith(Number);

/**
 * A column of the outer organisation's main address: position 0 (the first by id should there be
 * two). A subquery of the page's rows, so only the cards shown look their address up.
 */
const mainAddressSql = (column: SQL): SQL<string | null> => sql<string | null>`(
  select ${column} from organisation_addresses a where a.organisation_id = ${OUTER_ORGANISATION_ID}
  order by a.position, a.id limit 1
)`;

const sectorsSql: SQL<IdName[]> = sql<IdName[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id)
  from organisation_sectors os join sectors s on s.id = os.sector_id
  where os.organisation_id = ${OUTER_ORGANISATION_ID}
), '[]'::json)`;

/** `%text%` for ILIKE, with the pattern characters escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionsOf(input: OrganisationSearchInput): SQL[] {
  const conditions: SQL[] = [];
  const query = input.searchText ? prefixQuery(input.searchText) : null;
  if (query) conditions.push(sql`${organisationSearchVector} @@ to_tsquery('simple', ${query})`);
  if (input.address) {
    const pattern = containing(input.address);
    conditions.push(sql`exists (select 1 from organisation_addresses a where a.organisation_id = ${OUTER_ORGANISATION_ID}
      and (a.city ilike ${pattern} or a.province ilike ${pattern}
        or a.address_line1 ilike ${pattern} or a.address_line2 ilike ${pattern}))`);
  }
  if (input.organizationTypeIds.length > 0) {
    conditions.push(inArray(organisations.organisationTypeId, input.organizationTypeIds));
  }
  if (input.organizationSectorIds.length > 0) {
    conditions.push(sql`exists (select 1 from organisation_sectors os where os.organisation_id = ${OUTER_ORGANISATION_ID}
      and os.sector_id in (${sql.join(
        input.organizationSectorIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`);
  }
  return conditions;
}

function orderOf(order: OrganisationOrder): SQL[] {
  if (order === 'name') return [sql`lower(${organisations.legalName}) asc`];
  if (order === 'mostRaised') return [desc(receivedRandCentsOrderSql), desc(organisations.createdAt)];
  return [desc(organisations.createdAt)];
}

/** Plain text of the description, cut at a word to at most SUMMARY_LENGTH characters. */
export function summaryOf(description: string | null): string {
  const text = description ? textOfHtml(description) : '';
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > SUMMARY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The two statements of an organisation search, unsent (scripts/search-at-scale.ts explains them). */
export function organisationSearchStatements(input: OrganisationSearchInput, db: DbOrTx) {
  const where = and(...conditionsOf(input));
  return {
    count: db.select({ n: count() }).from(organisations).where(where),
    page: db
      .select({
        id: organisations.id,
        legalName: organisations.legalName,
        url: organisations.url,
        // Enough of the HTML for 200 characters of text; the rest never leaves the database.
        description: sql<string | null>`left(${organisations.briefDescription}, 4000)`,
        isVerified: organisations.isVerified,
        typeId: organisationTypes.id,
        typeName: organisationTypes.name,
        logo: fileColumns(storedFiles),
        city: mainAddressSql(sql`a.city`),
        province: mainAddressSql(sql`a.province`),
        sectors: sectorsSql,
        totalCampaigns: publicCampaignsSql,
        received: receivedRandCentsSql,
      })
      .from(organisations)
      .leftJoin(organisationTypes, eq(organisationTypes.id, organisations.organisationTypeId))
      .leftJoin(storedFiles, eq(storedFiles.id, organisations.logoFileId))
      .where(where)
      // The id last, so equal sort keys still page in a stable order.
      .orderBy(...orderOf(input.orderBy), asc(organisations.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
  };
}

/**
 * `GET /organizations/filter-organizations/`: every registered organisation
 * matching the filters, as cards, a page at a time, in one query per page
 * (totals and sectors are subqueries of the page's rows).
 */
export async function searchOrganisations(input: OrganisationSearchInput): Promise<OrganisationSearchPage> {
  const statements = organisationSearchStatements(input, await getDb());
  const [total, rows] = await Promise.all([statements.count, statements.page]);
  const items = rows.map(
    (r): OrganisationCard => ({
      id: r.id,
      legalName: r.legalName,
      url: r.url,
      summary: summaryOf(r.description),
      logo: fileView(r.logo, CARD_LOGO_WIDTH),
      organizationType: r.typeId !== null && r.typeName !== null ? { id: r.typeId, name: r.typeName } : null,
      organizationSectors: r.sectors,
      city: r.city,
      province: r.province,
      isVerified: r.isVerified,
      totalCampaigns: r.totalCampaigns,
      orgDonationsTotal: fromCents(r.received),
    }),
  );
  return { items, paginationMetadata: paginationOf(total[0]?.n ?? 0, input.pageNo, input.pageSize) };
}
