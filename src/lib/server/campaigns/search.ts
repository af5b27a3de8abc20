import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import { CampaignStatus } from '~/lib/enums';
import type { CampaignOrder, CampaignSearchInput } from '~/lib/schemas/search';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import { campaigns } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { cappedPaginationOf } from '~/lib/server/http/paging';
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
 * Matches counted at most (docs/api/campaigns.md): past it a search says "more than 1000
 * campaigns found". Counting every campaign a common word finds would cost more than the page
 * (a visit to most of the table); the first thousand take a few ms, and when fewer match they are
 * the matches the page is sorted from (pageStatementOf).
 */
const SEARCH_COUNT_CAP = 1000;

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
    // The city and province of the campaign's address, as campaigns.search_city and search_province
    // copy them (migration 0018): tested on the campaign's own row, and narrowed by their trigram
    // indexes together with the other filters. ILIKE decides; the indexes only narrow the rows read.
    const pattern = containing(input.address);
    conditions.push(
      sql`("campaigns"."search_city" ilike ${pattern} or "campaigns"."search_province" ilike ${pattern})`,
    );
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

const whereOf = (input: CampaignSearchInput): SQL => sql.join(conditionsOf(input), sql` and `);

/** 'mostRaised' (or topSupported), 'oldest', 'endingSoon', else 'newest'. */
function effectiveOrder(input: CampaignSearchInput): CampaignOrder {
  return input.topSupported ? 'mostRaised' : input.orderBy;
}

function orderOf(order: CampaignOrder): SQL[] {
  // The kept counter, not the ledger sum: the order comes off an index instead of summing every
  // campaign's donations (campaigns.raisedCents, migration 0007). The cards still show the ledger sum.
  if (order === 'mostRaised') return [desc(campaigns.raisedCents), desc(campaigns.createdAt)];
  if (order === 'oldest') return [sql`${campaigns.launchedAt} asc nulls last`, asc(campaigns.createdAt)];
  if (order === 'endingSoon') {
    return [
      sql`(${effectiveStatusSql} = ${CampaignStatus.Active} and ${campaigns.endDate} is not null) desc`,
      sql`${campaigns.endDate} asc nulls last`,
    ];
  }
  return [sql`${campaigns.launchedAt} desc nulls last`, desc(campaigns.createdAt)];
}

// The first key of 'endingSoon' (an active campaign with an end date ahead), and its negation,
// written as conditions an index can serve: status = ACTIVE and end_date > now() is exactly
// effectiveStatusSql = ACTIVE with an end date (an active campaign past its end date reads EXPIRED).
const RUNNING_OUT = sql`"campaigns"."status" = ${CampaignStatus.Active} and "campaigns"."end_date" > now()`;
const NOT_RUNNING_OUT = sql`("campaigns"."status" <> ${CampaignStatus.Active} or "campaigns"."end_date" is null or "campaigns"."end_date" <= now())`;

/**
 * The ids of an 'endingSoon' page among many matches. Its first key depends on the clock, so no
 * index holds the order; but each of its two groups is an index's order (migration 0018): the
 * first `offset + limit` of each group, read off its index, hold the page.
 */
function endingSoonPageIds(where: SQL, offset: number, limit: number): SQL {
  const enough = offset + limit;
  return sql`select page.id from (
    (select "campaigns"."id", "campaigns"."end_date", 0 as later from "campaigns" where ${where} and ${RUNNING_OUT}
      order by "campaigns"."end_date" asc, "campaigns"."id" asc limit ${enough})
    union all
    (select "campaigns"."id", "campaigns"."end_date", 1 as later from "campaigns" where ${where} and ${NOT_RUNNING_OUT}
      order by "campaigns"."end_date" asc nulls last, "campaigns"."id" asc limit ${enough})
  ) page order by page.later, page.end_date asc nulls last, page.id asc offset ${offset} limit ${limit}`;
}

/** What every order sorts by, carried by the matches so that a few of them sort on their own. */
const SORT_COLUMNS = sql`"campaigns"."id", "campaigns"."launched_at", "campaigns"."created_at",
  "campaigns"."raised_cents", "campaigns"."status", "campaigns"."end_date"`;

/**
 * The statement that finds a page: how many match, counted up to `bound` + 1, and the ids of the
 * page's campaigns (in no particular order: the cards are sorted again). The first `bound` + 1
 * matches are read once (matches). When that is all of them, the page is sorted out of those few
 * rows; only when more match is the order's index walked, testing each row until the page is full.
 * Dense matches fill it within a few rows; a rare word or town never would, and walking an index past
 * rows that do not match costs a read of the table.
 */
function pageStatementOf(input: CampaignSearchInput, bound: number): SQL {
  const where = whereOf(input);
  const order = effectiveOrder(input);
  // The id last, so equal sort keys still page in a stable order.
  const orderBy = sql.join([...orderOf(order), asc(campaigns.id)], sql`, `);
  const offset = (input.pageNo - 1) * input.pageSize;
  const limit = input.pageSize;
  const walked =
    order === 'endingSoon'
      ? endingSoonPageIds(where, offset, limit)
      : sql`select "campaigns"."id" from "campaigns" where ${where} order by ${orderBy} offset ${offset} limit ${limit}`;
  return sql`with matches as materialized (select ${SORT_COLUMNS} from "campaigns" where ${where} limit ${bound + 1})
    select (select count(*) from matches)::int as found, array(
      (select "campaigns"."id" from matches "campaigns" where (select count(*) from matches) <= ${bound}
        order by ${orderBy} offset ${offset} limit ${limit})
      union all
      (select walked.id from (${walked}) walked where (select count(*) from matches) > ${bound})
    ) as ids`;
}

interface FoundPage {
  /** Matches counted, `bound` + 1 at most. */
  found: number;
  ids: string[];
}

/**
 * `GET /campaigns/filter-campaigns/`: launched, public, not hidden campaigns
 * (expired and closed ones included, reading as such) as cards, a page at a time.
 * The count stops past SEARCH_COUNT_CAP, or past the page asked for if that is further.
 * Two statements: the page's ids with the count, then the cards of those ids.
 */
export async function searchCampaigns(input: CampaignSearchInput): Promise<CampaignSearchPage> {
  const db = await getDb();
  const bound = countBoundOf(input);
  const [page] = await rowsOf<FoundPage>(db, pageStatementOf(input, bound));
  const ids = page?.ids ?? [];
  const items = ids.length > 0 ? await findCampaignCards(cardQueryOf(input, ids), db) : [];
  return {
    items,
    paginationMetadata: cappedPaginationOf(page?.found ?? 0, bound, input.pageNo, input.pageSize),
  };
}

/** How many matches are worth counting: the cap, or every one up to the end of the page asked for. */
const countBoundOf = (input: CampaignSearchInput): number =>
  Math.max(SEARCH_COUNT_CAP, input.pageNo * input.pageSize);

/** The cards of a page's campaigns, in the search's order: one prepared statement per order. */
function cardQueryOf(input: CampaignSearchInput, ids: string[]): CampaignCardQuery {
  const order = effectiveOrder(input);
  return {
    where: sql`"campaigns"."id" = any(${sql.param(ids)}::uuid[])`,
    orderBy: [...orderOf(order), asc(campaigns.id)],
    limit: input.pageSize,
    preparedAs: `campaign_search_cards_${order}`,
  };
}

/**
 * The two statements of a search, unsent (scripts/search-at-scale.ts explains them). The cards'
 * statement needs the page's ids, so the first is run to find them.
 */
export async function campaignSearchStatements(
  input: CampaignSearchInput,
  db: DbOrTx,
): Promise<{ page: SQL; cards: ReturnType<typeof campaignCardsQuery> }> {
  const page = pageStatementOf(input, countBoundOf(input));
  const [found] = await rowsOf<FoundPage>(db, page);
  return { page, cards: campaignCardsQuery(cardQueryOf(input, found?.ids ?? []), db) };
}
