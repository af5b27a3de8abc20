import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { CampaignHighlightCard } from '~/islands/campaign/CampaignHighlightCard';
import { LoadError, LoadMore } from '~/islands/search/LoadMore';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { Pagination } from '~/lib/contracts/common';
import {
  $organisationCampaigns,
  initOrganisationCampaigns,
  loadMoreOrganisationCampaigns,
} from '~/stores/organisationCampaigns';
import { hasMoreResults } from '~/stores/pagedSearch';

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

function MoreCampaigns({ organisationId, shownIds, meta, moreHref, now }: Props): ReactElement {
  const hydrated = useHydrated();
  const state = useStore($organisationCampaigns);

  useEffect(() => {
    if ($organisationCampaigns.get().organisationId !== organisationId) {
      initOrganisationCampaigns(organisationId, shownIds, meta);
    }
  }, [organisationId, shownIds, meta]);

  const fromStore = hydrated && state.organisationId === organisationId;
  return (
    <div className="flex flex-col gap-6">
      {fromStore && state.searchResults.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="More campaigns">
          {state.searchResults.map((campaign) => (
            <li key={campaign.id}>
              <CampaignHighlightCard campaign={campaign} now={now} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
      {fromStore && state.error && (
        <LoadError>More campaigns could not be loaded right now. Please try again.</LoadError>
      )}
      {hasMoreResults(fromStore ? state : meta) && (
        <LoadMore
          hydrated={hydrated}
          loading={state.loading}
          onMore={() => void loadMoreOrganisationCampaigns()}
          href={moreHref}
          label="Load more campaigns"
        />
      )}
    </div>
  );
}

/** 'Load more campaigns' on the organisation page: the next 12, appended in place without duplicates. */
export default function OrganisationCampaigns(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <MoreCampaigns {...props} />
    </IslandErrorBoundary>
  );
}
