import { useEffect, useState } from 'react';
import {
  findOrganisationHref,
  type OrganisationSearchQuery,
  parseOrganisationSearch,
  searchOrganisations,
} from '~/stores/organisationSearch';

interface OrganisationSearchQueryState {
  query: OrganisationSearchQuery;
  /** Changes the inputs without searching (typing). */
  setQuery: (query: OrganisationSearchQuery) => void;
  /** A fresh search for `next`, recorded in the address bar so the results can be shared. */
  run: (next: OrganisationSearchQuery) => void;
}

/** The search form's query, kept in step with the address bar (back and forward show earlier searches again). */
export function useOrganisationSearchQuery(initial: OrganisationSearchQuery): OrganisationSearchQueryState {
  const [query, setQuery] = useState<OrganisationSearchQuery>(initial);

  const run = (next: OrganisationSearchQuery): void => {
    setQuery(next);
    const href = findOrganisationHref(next);
    if (href !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', href);
    void searchOrganisations(next);
  };

  useEffect(() => {
    const onPopState = (): void => {
      const { query: previous } = parseOrganisationSearch(new URLSearchParams(window.location.search));
      setQuery(previous);
      void searchOrganisations(previous);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return { query, setQuery, run };
}
