import type { ReactElement } from 'react';
import { CampaignHighlightCard } from '~/islands/campaign/CampaignHighlightCard';
import { SearchResults } from '~/islands/search/SearchResults';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { Pagination } from '~/lib/contracts/common';
import { organisationCampaigns } from '~/stores/organisationCampaigns';

interface Props {
  organisationId: string;
  /** Ids of the cards the server rendered above this island. */
  shownIds: string[];
  /** Where the server-rendered pages end. */
  meta: Pagination;
  /** The page with one more page of campaigns: 'Load more' without JavaScript. */
  moreHref: string | null;
  /** The server's clock when it rendered the page, so new cards count time the same way. */
  now: string;
}

/** 'Load more campaigns' on the organisation page: the next 12, appended in place without duplicates. */
export default function OrganisationCampaigns({
  organisationId,
  shownIds,
  meta,
  moreHref,
  now,
}: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchResults
        store={organisationCampaigns}
        query={{ organisationId, renderedIds: shownIds }}
        initial={{ items: [], paginationMetadata: meta }}
        listLabel="More campaigns"
        listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        renderItem={(campaign) => <CampaignHighlightCard campaign={campaign} now={now} headingLevel={3} />}
        errorText="More campaigns could not be loaded right now. Please try again."
        hrefOf={() => moreHref}
        moreLabel="Load more campaigns"
      />
    </IslandErrorBoundary>
  );
}
