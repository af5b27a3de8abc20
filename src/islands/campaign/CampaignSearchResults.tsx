import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, type ReactNode, Suspense, useEffect } from 'react';
import { SearchResults } from '~/islands/search/SearchResults';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import { m } from '~/lib/i18n';
import type { CampaignSearchQuery } from '~/lib/search/findCampaign';
import { campaignSearch } from '~/stores/search';

// The cards' code (with the date, money and video helpers) loads only when a search starts,
// alongside the API call, so it is there when the new cards are: they then render at once,
// not through Suspense, which would hold them back (React reveals suspended content in batches).
type CardComponent = typeof import('./CampaignHighlightCard')['CampaignHighlightCard'];
let cardModule: Promise<CardComponent> | null = null;
let LoadedCard: CardComponent | null = null;
const loadCards = (): Promise<CardComponent> => {
  cardModule ??= import('./CampaignHighlightCard').then((module) => {
    LoadedCard = module.CampaignHighlightCard;
    return LoadedCard;
  });
  return cardModule;
};
const LazyCard = lazy(() => loadCards().then((Card) => ({ default: Card })));

function usePreloadedCards(): void {
  const { loading } = useStore(campaignSearch.$state);
  useEffect(() => {
    if (loading) void loadCards();
  }, [loading]);
}

interface Props {
  query: CampaignSearchQuery;
  /** The pages the server rendered (1 to paginationMetadata.pageNo). */
  initial: CampaignSearchPage;
  /** The server's clock when it rendered the page, so hydration prints the same time display. */
  now: string;
  /** The server's HTML of the first cards, kept until a search changes them. */
  children?: ReactNode;
}

/** The /find-campaign results as highlight cards, 12 a page; 'Load more' appends without duplicates (SPEC §4). */
export default function CampaignSearchResults({ query, initial, now, children }: Props): ReactElement {
  usePreloadedCards();
  return (
    <IslandErrorBoundary>
      <SearchResults
        store={campaignSearch}
        query={query}
        initial={initial}
        resultsText={(count, more) =>
          count === 0
            ? m.search_no_campaigns()
            : more
              ? m.search_campaigns_found_more({ count })
              : m.search_campaigns_found({ count })
        }
        listLabel={m.search_campaigns()}
        listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        renderItem={(campaign) =>
          LoadedCard ? (
            <LoadedCard campaign={campaign} now={now} headingLevel={2} />
          ) : (
            <Suspense fallback={null}>
              <LazyCard campaign={campaign} now={now} headingLevel={2} />
            </Suspense>
          )
        }
        initialList={children}
        errorText={m.search_campaigns_failed_retry()}
      />
    </IslandErrorBoundary>
  );
}
