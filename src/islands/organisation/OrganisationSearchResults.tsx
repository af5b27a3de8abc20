import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { OrganisationSearchPage } from '~/lib/contracts/organisations';
import {
  $organisationSearch,
  findOrganisationHref,
  initOrganisationSearch,
  loadMoreOrganisations,
  type OrganisationSearchQuery,
  organisationQueryOf,
} from '~/stores/organisationSearch';
import { MAX_LINKED_PAGES } from '~/stores/search';
import { OrganisationCard } from './OrganisationCard';

interface Props {
  query: OrganisationSearchQuery;
  /** The pages the server rendered (1 to paginationMetadata.pageNo). */
  initial: OrganisationSearchPage;
}

function resultsText(count: number): string {
  if (count === 0) return 'No organisations match your search.';
  return `${count} ${count === 1 ? 'organisation' : 'organisations'} found`;
}

function SearchResults({ query, initial }: Props): ReactElement {
  const hydrated = useHydrated();
  const state = useStore($organisationSearch);

  useEffect(() => {
    if (!$organisationSearch.get().initialised) initOrganisationSearch(query, initial);
  }, [query, initial]);

  // Until the store holds the page's results (and during hydration) the props are the truth.
  const fromStore = hydrated && state.initialised;
  const items = fromStore ? state.searchResults : initial.items;
  const totalCount = fromStore ? state.totalCount : initial.paginationMetadata.totalCount;
  const pageNo = fromStore ? state.pageNo : initial.paginationMetadata.pageNo;
  const pageCount = fromStore ? state.pageCount : initial.paginationMetadata.pageCount;
  const shownQuery = fromStore ? organisationQueryOf(state) : query;
  const loading = fromStore && state.loading;
  const moreClass = 'btn-outline self-center px-8 py-2.5';

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-muted" aria-live="polite">
        {loading && items.length === 0 ? 'Searching…' : resultsText(totalCount)}
      </p>
      {items.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Organisations">
          {items.map((organisation) => (
            <li key={organisation.id}>
              <OrganisationCard organisation={organisation} />
            </li>
          ))}
        </ul>
      )}
      {fromStore && state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          Organisations could not be loaded right now. Please try again.
        </p>
      )}
      {pageNo < pageCount &&
        (hydrated ? (
          <button
            type="button"
            className={moreClass}
            disabled={loading}
            onClick={() => void loadMoreOrganisations()}
          >
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : (
          pageNo < MAX_LINKED_PAGES && (
            <a href={findOrganisationHref(shownQuery, pageNo + 1)} className={moreClass}>
              Load more
            </a>
          )
        ))}
    </div>
  );
}

/** The Organisations tab's results, 8 a page; 'Load more' appends without duplicates (SPEC §4). */
export default function OrganisationSearchResults(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchResults {...props} />
    </IslandErrorBoundary>
  );
}
