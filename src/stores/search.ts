import type { CampaignCard } from '~/lib/contracts/campaigns';
import type { OrganisationCard } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';
import {
  type CampaignSearchQuery,
  campaignSearchAddress,
  type OrganisationSearchQuery,
  organisationSearchAddress,
} from '~/lib/search/findCampaign';
import { createPagedSearch } from './pagedSearch';

// SPEC §3 search state of /find-campaign's two tabs. What their addresses mean is src/lib/search/.

/** The /find-campaign search store and its actions. */
export const campaignSearch = createPagedSearch<CampaignSearchQuery, CampaignCard>({
  what: 'campaigns',
  path: 'campaigns/filter-campaigns/',
  address: campaignSearchAddress,
  pageSize: PAGE_SIZES.campaignSearch,
  fallbackPageSize: PAGE_SIZES.campaignSearchFallback,
});

export const $campaignSearch = campaignSearch.$state;
/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export const initCampaignSearch = campaignSearch.init;
/** A fresh search (SPEC §4): the results are cleared, then page 1 of the new query is shown. */
export const searchCampaigns = campaignSearch.search;
/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export const loadMoreCampaigns = campaignSearch.loadMore;

/** The Organisations tab's search store and its actions. */
export const organisationSearch = createPagedSearch<OrganisationSearchQuery, OrganisationCard>({
  what: 'organisations',
  path: 'organizations/filter-organizations/',
  address: organisationSearchAddress,
  pageSize: PAGE_SIZES.organisationSearch,
  fallbackPageSize: PAGE_SIZES.organisationSearch,
});

export const $organisationSearch = organisationSearch.$state;
/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export const initOrganisationSearch = organisationSearch.init;
/** A fresh search (SPEC §4): the results are replaced by page 1 of the new query. */
export const searchOrganisations = organisationSearch.search;
/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export const loadMoreOrganisations = organisationSearch.loadMore;
