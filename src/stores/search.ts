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

/**
 * The Campaigns tab's search store and its actions: `init` takes the server-rendered results, `search`
 * is a fresh search (SPEC §4: the results are cleared, then page 1 shows), `loadMore` appends the
 * next page without duplicates by id.
 */
export const campaignSearch = createPagedSearch<CampaignSearchQuery, CampaignCard>({
  what: 'campaigns',
  path: 'campaigns/filter-campaigns/',
  address: campaignSearchAddress,
  pageSize: PAGE_SIZES.campaignSearch,
  fallbackPageSize: PAGE_SIZES.campaignSearchFallback,
});

/** The Organisations tab's search store: the same actions (SPEC §4: a fresh search replaces the results). */
export const organisationSearch = createPagedSearch<OrganisationSearchQuery, OrganisationCard>({
  what: 'organisations',
  path: 'organizations/filter-organizations/',
  address: organisationSearchAddress,
  pageSize: PAGE_SIZES.organisationSearch,
  fallbackPageSize: PAGE_SIZES.organisationSearch,
});
