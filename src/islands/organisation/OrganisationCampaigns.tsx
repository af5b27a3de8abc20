import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { CampaignHighlightCard } from '~/islands/campaign/CampaignHighlightCard';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { Pagination } from '~/lib/contracts/common';
import {
  $organisationCampaigns,
  hasMoreOrganisationCampaigns,
  initOrganisationCampaigns,
  loadMoreOrganisationCampaigns,
} from '~/stores/organisationCampaigns';

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
  const position = fromStore ? state : meta;
  const moreClass = 'btn-outline self-center px-8 py-2.5';
  return (
    <div className="flex flex-col gap-6">
      {fromStore && state.campaigns.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="More campaigns">
          {state.campaigns.map((campaign) => (
            <li key={campaign.id}>
              <CampaignHighlightCard campaign={campaign} now={now} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
      {fromStore && state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          More campaigns could not be loaded right now. Please try again.
        </p>
      )}
      {hasMoreOrganisationCampaigns(position) &&
        (hydrated ? (
          <button
            type="button"
            className={moreClass}
            disabled={state.loading}
            onClick={() => void loadMoreOrganisationCampaigns()}
          >
            {state.loading ? 'Loading…' : 'Load more campaigns'}
          </button>
        ) : (
          moreHref && (
            <a href={moreHref} className={moreClass}>
              Load more campaigns
            </a>
          )
        ))}
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
