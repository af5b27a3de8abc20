import { useEffect, useState } from 'react';
import {
  type CampaignSearchQuery,
  findCampaignHref,
  parseCampaignSearch,
  searchCampaigns,
} from '~/stores/search';

interface CampaignSearchQueryState {
  query: CampaignSearchQuery;
  /** Changes the inputs without searching (typing). */
  setQuery: (query: CampaignSearchQuery) => void;
  /** A fresh search for `next`, recorded in the address bar so the results can be shared. */
  run: (next: CampaignSearchQuery) => void;
}

/** The search form's query, kept in step with the address bar (back and forward show earlier searches again). */
export function useCampaignSearchQuery(initial: CampaignSearchQuery): CampaignSearchQueryState {
  const [query, setQuery] = useState<CampaignSearchQuery>(initial);

  const run = (next: CampaignSearchQuery): void => {
    setQuery(next);
    const href = findCampaignHref(next);
    if (href !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', href);
    void searchCampaigns(next);
  };

  useEffect(() => {
    const onPopState = (): void => {
      const { query: previous } = parseCampaignSearch(new URLSearchParams(window.location.search));
      setQuery(previous);
      void searchCampaigns(previous);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return { query, setQuery, run };
}
