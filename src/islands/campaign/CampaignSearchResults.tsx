import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import {
  $campaignSearch,
  type CampaignSearchQuery,
  findCampaignHref,
  hasMoreResults,
  initCampaignSearch,
  loadMoreCampaigns,
  MAX_LINKED_PAGES,
  queryOf,
} from '~/stores/search';
import { CampaignHighlightCard } from './CampaignHighlightCard';

interface Props {
  query: CampaignSearchQuery;
  /** The pages the server rendered (1 to paginationMetadata.pageNo). */
  initial: CampaignSearchPage;
  /** The server's clock when it rendered the page, so hydration prints the same time display. */
  now: string;
}

function resultsText(count: number): string {
  if (count === 0) return 'No campaigns match your search.';
  return `${count} ${count === 1 ? 'campaign' : 'campaigns'} found`;
}

function SearchResults({ query, initial, now }: Props): ReactElement {
  const hydrated = useHydrated();
  const state = useStore($campaignSearch);

  useEffect(() => {
    if (!$campaignSearch.get().initialised) initCampaignSearch(query, initial);
  }, [query, initial]);

  // Until the store holds the page's results (and during hydration) the props are the truth.
  const fromStore = hydrated && state.initialised;
  const items = fromStore ? state.searchResults : initial.items;
  const totalCount = fromStore ? state.totalCount : initial.paginationMetadata.totalCount;
  const pageNo = fromStore ? state.pageNo : initial.paginationMetadata.pageNo;
  const pageCount = fromStore ? state.pageCount : initial.paginationMetadata.pageCount;
  const shownQuery = fromStore ? queryOf(state) : query;
  const loading = fromStore && state.loading;
  const moreClass = 'btn-outline self-center px-8 py-2.5';

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-muted" aria-live="polite">
        {loading && items.length === 0 ? 'Searching…' : resultsText(totalCount)}
      </p>
      {items.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campaigns">
          {items.map((campaign) => (
            <li key={campaign.id}>
              <CampaignHighlightCard campaign={campaign} now={now} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {fromStore && state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          Campaigns could not be loaded right now. Please try again.
        </p>
      )}
      {hasMoreResults({ pageNo, pageCount }) &&
        (hydrated ? (
          <button
            type="button"
            className={moreClass}
            disabled={loading}
            onClick={() => void loadMoreCampaigns()}
          >
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : (
          pageNo < MAX_LINKED_PAGES && (
            <a href={findCampaignHref(shownQuery, pageNo + 1)} className={moreClass}>
              Load more
            </a>
          )
        ))}
    </div>
  );
}

/** The /find-campaign results as highlight cards, 12 a page; 'Load more' appends without duplicates (SPEC §4). */
export default function CampaignSearchResults(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchResults {...props} />
    </IslandErrorBoundary>
  );
}
