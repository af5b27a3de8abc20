/** The server-rendered pages of an Organisations tab search, read from the organisation search service. */
import * as v from 'valibot';
import type { OrganisationSearchPage } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';
import { organisationSearchSchema } from '~/lib/schemas/search';
import type { OrganisationSearchQuery } from '~/lib/search/findCampaign';
import { readPagesUpTo } from '~/lib/search/paging';
import { searchOrganisations } from '~/lib/server/organisations/search';

/** One page, read through the endpoint's own schema so the page and the API search alike. */
function searchPage(query: OrganisationSearchQuery, pageNo: number): Promise<OrganisationSearchPage> {
  const input = v.parse(organisationSearchSchema, {
    searchText: query.searchText,
    address: query.address,
    organizationTypeIds: query.organizationTypeIds.map(String),
    organizationSectorIds: query.organizationSectorIds.map(String),
    orderBy: query.orderBy,
    pageNo,
    pageSize: PAGE_SIZES.organisationSearch,
  });
  return searchOrganisations(input);
}

/** Pages 1 to `pageNo` of a search (a no-JavaScript 'Load more' link asks for one more page). */
export function loadOrganisationSearchPages(
  query: OrganisationSearchQuery,
  pageNo: number,
): Promise<OrganisationSearchPage> {
  return readPagesUpTo(pageNo, PAGE_SIZES.organisationSearch, (n) => searchPage(query, n));
}
