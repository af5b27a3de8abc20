import type { ReactElement } from 'react';
import { SearchResults } from '~/islands/search/SearchResults';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { OrganisationSearchPage } from '~/lib/contracts/organisations';
import { m } from '~/lib/i18n';
import type { OrganisationSearchQuery } from '~/lib/search/findCampaign';
import { organisationSearch } from '~/stores/search';
import { OrganisationCard } from './OrganisationCard';

interface Props {
  query: OrganisationSearchQuery;
  /** The pages the server rendered (1 to paginationMetadata.pageNo). */
  initial: OrganisationSearchPage;
}

/** The Organisations tab's results, 8 a page; 'Load more' appends without duplicates (SPEC §4). */
export default function OrganisationSearchResults({ query, initial }: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchResults
        store={organisationSearch}
        query={query}
        initial={initial}
        resultsText={(count) =>
          count === 0 ? m.search_no_organisations() : m.search_organisations_found({ count })
        }
        listLabel={m.search_organisations()}
        listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        renderItem={(organisation) => <OrganisationCard organisation={organisation} />}
        errorText={m.search_organisations_failed_retry()}
      />
    </IslandErrorBoundary>
  );
}
