import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import { CampaignStatus } from '~/lib/enums';
import type { CampaignOrder, CampaignSearchInput } from '~/lib/schemas/campaignSearch';
import { getDb } from '~/lib/server/db';
import { campaigns } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { paginationOf } from '~/lib/server/http/paging';
import {
  type CampaignCardQuery,
  campaignCardsQuery,
  campaignSearchVector,
  effectiveStatusSql,
  findCampaignCards,
  publiclySearchable,
} from './cards';

const MAX_TERMS = 8;

/**
 * A prefix query over the words of `text` ("lwaz walk" finds "Help Lwazi walk
 * again"); null when it has no letters or digits. Only letters and digits
 * reach to_tsquery, so its operators cannot be injected.
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words)].slice(0, MAX_TERMS).map((word) => `${word}:*`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** `%text%` for ILIKE, with the pattern characters escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionsOf(input: CampaignSearchInput): SQL[] {
  const conditions: SQL[] = [publiclySearchable];
  const query = input.searchText ? prefixQuery(input.searchText) : null;
  if (query) conditions.push(sql`${campaignSearchVector} @@ to_tsquery('simple', ${query})`);
  if (input.address) {
    const pattern = containing(input.address);
    conditions.push(sql`exists (select 1 from campaign_addresses a where a.campaign_id = "campaigns"."id"
      and (a.city ilike ${pattern} or a.province ilike ${pattern}))`);
  }
  if (input.campaignCategoryIds.length > 0) {
    conditions.push(inArray(campaigns.campaignCategoryId, input.campaignCategoryIds));
  }
  if (input.organizationId) conditions.push(eq(campaigns.organisationId, input.organizationId));
  // An unknown slug finds nothing, as an unknown organisation does.
  if (input.event) {
    conditions.push(sql`"campaigns"."event_id" = (select e.id from events e where e.slug = ${input.event})`);
  }
  if (input.featured) conditions.push(eq(campaigns.featured, true));
  return conditions;
}

function orderOf(order: CampaignOrder, topSupported: boolean): SQL[] {
  // The kept counter, not the ledger sum: the order comes off an index instead of summing every
  // campaign's donations (campaigns.raisedCents, migration 0007). The cards still show the ledger sum.
  if (topSupported || order === 'mostRaised') return [desc(campaigns.raisedCents), desc(campaigns.createdAt)];
  if (order === 'oldest') return [sql`${campaigns.launchedAt} asc nulls last`, asc(campaigns.createdAt)];
  if (order === 'endingSoon') {
    return [
      sql`(${effectiveStatusSql} = ${CampaignStatus.Active} and ${campaigns.endDate} is not null) desc`,
      sql`${campaigns.endDate} asc nulls last`,
    ];
  }
  return [sql`${campaigns.launchedAt} desc nulls last`, desc(campaigns.createdAt)];
}

/**
 * `GET /campaigns/filter-campaigns/`: launched, public, not hidden campaigns
 * (expired and closed ones included, reading as such) as cards, a page at a time.
 */
export async function searchCampaigns(input: CampaignSearchInput): Promise<CampaignSearchPage> {
  const db = await getDb();
  const [total, items] = await Promise.all([
    countQueryOf(input, db),
    findCampaignCards(cardQueryOf(input), db),
  ]);
  return { items, paginationMetadata: paginationOf(total[0]?.n ?? 0, input.pageNo, input.pageSize) };
}

function cardQueryOf(input: CampaignSearchInput): CampaignCardQuery {
  return {
    where: sql.join(conditionsOf(input), sql` and `),
    // The id last, so equal sort keys still page in a stable order.
    orderBy: [...orderOf(input.orderBy, input.topSupported), asc(campaigns.id)],
    limit: input.pageSize,
    offset: (input.pageNo - 1) * input.pageSize,
  };
}

const countQueryOf = (input: CampaignSearchInput, db: DbOrTx) =>
  db
    .select({ n: count() })
    .from(campaigns)
    .where(sql.join(conditionsOf(input), sql` and `));

/** The two statements of a search, unsent (scripts/search-at-scale.ts explains them). */
export function campaignSearchStatements(input: CampaignSearchInput, db: DbOrTx) {
  return { count: countQueryOf(input, db), page: campaignCardsQuery(cardQueryOf(input), db) };
}
