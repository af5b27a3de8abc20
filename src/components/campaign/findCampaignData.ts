/** The server-rendered pages of a /find-campaign search, read from the campaigns search service. */
import * as v from 'valibot';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import { PAGE_SIZES } from '~/lib/enums';
import { campaignSearchSchema } from '~/lib/schemas/search';
import type { CampaignSearchQuery } from '~/lib/search/findCampaign';
import { readPagesUpTo } from '~/lib/search/paging';
import { searchCampaigns } from '~/lib/server/campaigns/search';

/** One page, read through the endpoint's own schema so the page and the API search alike. */
function searchPage(query: CampaignSearchQuery, pageNo: number): ReturnType<typeof searchCampaigns> {
  const input = v.parse(campaignSearchSchema, {
    searchText: query.searchText,
    address: query.address,
    campaignCategoryIds: query.campaignCategoryIds.map(String),
    event: query.event,
    orderBy: query.orderBy,
    pageNo,
    pageSize: PAGE_SIZES.campaignSearch,
  });
  return searchCampaigns(input);
}

/** Pages 1 to `pageNo` of a search (a no-JavaScript 'Load more' link asks for one more page). */
export function loadSearchPages(query: CampaignSearchQuery, pageNo: number): Promise<CampaignSearchPage> {
  return readPagesUpTo(pageNo, PAGE_SIZES.campaignSearch, (n) => searchPage(query, n));
}
