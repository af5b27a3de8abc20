import type { ReactElement } from 'react';
import { SearchResults } from '~/islands/search/SearchResults';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import { type CampaignSearchQuery, campaignSearch, findCampaignHref } from '~/stores/search';
import { CampaignHighlightCard } from './CampaignHighlightCard';

interface Props {
  query: CampaignSearchQuery;
  /** The pages the server rendered (1 to paginationMetadata.pageNo). */
  initial: CampaignSearchPage;
  /** The server's clock when it rendered the page, so hydration prints the same time display. */
  now: string;
}

/** The /find-campaign results as highlight cards, 12 a page; 'Load more' appends without duplicates (SPEC §4). */
export default function CampaignSearchResults({ query, initial, now }: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchResults
        store={campaignSearch}
        query={query}
        initial={initial}
        noun={['campaign', 'campaigns']}
        listLabel="Campaigns"
        listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        renderItem={(campaign) => <CampaignHighlightCard campaign={campaign} now={now} headingLevel={2} />}
        errorText="Campaigns could not be loaded right now. Please try again."
        hrefOf={findCampaignHref}
      />
    </IslandErrorBoundary>
  );
}
