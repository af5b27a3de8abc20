/** The server-rendered pages of a /find-campaign search, read from the campaigns search service. */
import * as v from 'valibot';
import type { CampaignCard, CampaignSearchPage } from '~/lib/contracts/campaigns';
import { PAGE_SIZES } from '~/lib/enums';
import { campaignSearchSchema } from '~/lib/schemas/campaignSearch';
import { searchCampaigns } from '~/lib/server/campaigns/search';
import { appendNewById, type CampaignSearchQuery } from '~/stores/search';

/** One page, read through the endpoint's own schema so the page and the API search alike. */
function searchPage(query: CampaignSearchQuery, pageNo: number): ReturnType<typeof searchCampaigns> {
  const input = v.parse(campaignSearchSchema, {
    searchText: query.searchText,
    address: query.address,
    campaignCategoryIds: query.campaignCategoryIds.map(String),
    orderBy: query.orderBy,
    pageNo,
    pageSize: PAGE_SIZES.campaignSearch,
  });
  return searchCampaigns(input);
}

/** Pages 1 to `pageNo` of a search (a no-JavaScript 'Load more' link asks for one more page). */
export async function loadSearchPages(
  query: CampaignSearchQuery,
  pageNo: number,
): Promise<CampaignSearchPage> {
  const pages = await Promise.all(Array.from({ length: pageNo }, (_, i) => searchPage(query, i + 1)));
  const items = pages.reduce<CampaignCard[]>((all, page) => appendNewById(all, page.items), []);
  const last = pages.at(-1);
  return {
    items,
    paginationMetadata: last?.paginationMetadata ?? {
      totalCount: 0,
      pageCount: 0,
      pageNo: 1,
      pageSize: PAGE_SIZES.campaignSearch,
    },
  };
}
