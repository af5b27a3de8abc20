import type { CampaignCard } from '~/lib/contracts/campaigns';
import type { Pagination } from '~/lib/contracts/common';
import { PAGE_SIZES } from '~/lib/enums';
import { appendNewById, createPagedSearch, type PagedSearchState } from './pagedSearch';

/** The list's query: the organisation, and the cards its page rendered already. */
interface OrganisationCampaignsQuery {
  organisationId: string;
  /** Cards the server rendered above the list, which it never shows again. */
  renderedIds: string[];
}

/**
 * SPEC §4: organisation-scoped campaign searches go to their own list, apart
 * from /find-campaign's results. The public organisation page renders the
 * first pages itself; `searchResults` holds what 'Load more' adds in place.
 */
export type OrganisationCampaignsState = PagedSearchState<CampaignCard> & OrganisationCampaignsQuery;

/** The organisation page's campaign list and its actions. */
export const organisationCampaigns = createPagedSearch<
  OrganisationCampaignsQuery,
  CampaignCard,
  OrganisationCampaignsQuery
>({
  what: 'campaigns of the organisation',
  path: 'campaigns/filter-campaigns/',
  paramsOf: ({ organisationId }) => new URLSearchParams({ organizationId: organisationId }),
  pageSize: PAGE_SIZES.campaignSearch,
  fallbackPageSize: PAGE_SIZES.campaignSearch,
  emptyFields: { organisationId: '', renderedIds: [] },
  fieldsOf: (query) => query,
  queryOf: ({ organisationId, renderedIds }) => ({ organisationId, renderedIds }),
  merge: (state, incoming) =>
    appendNewById(
      state.searchResults,
      incoming.filter((card) => !state.renderedIds.includes(card.id)),
    ),
});

export const $organisationCampaigns = organisationCampaigns.$state;

/** Hands the server-rendered pages (their card ids and where they end) to the list. */
export function initOrganisationCampaigns(
  organisationId: string,
  renderedIds: readonly string[],
  meta: Pagination,
): void {
  organisationCampaigns.init(
    { organisationId, renderedIds: [...renderedIds] },
    { items: [], paginationMetadata: meta },
  );
}

/**
 * The next page of the organisation's campaigns, appended without the ones
 * already shown (SPEC §4). False when there is none, one is loading, or it failed.
 */
export const loadMoreOrganisationCampaigns = organisationCampaigns.loadMore;
