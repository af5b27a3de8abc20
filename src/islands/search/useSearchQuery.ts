import { type FormEvent, useEffect, useState } from 'react';
import type { TextQuery } from '~/lib/search/findCampaign';

interface SearchQueryOptions<Q> {
  /** The shareable address of a query. */
  hrefOf: (query: Q) => string;
  /** The query of an address (back and forward). */
  parse: (params: URLSearchParams) => { query: Q };
  /** A fresh search (SPEC §4). */
  search: (query: Q) => Promise<boolean>;
}

export interface SearchQueryState<Q> {
  query: Q;
  /** Changes the inputs without searching (typing). */
  setQuery: (query: Q) => void;
  /** A fresh search for `next`, recorded in the address bar so the results can be shared. */
  run: (next: Q) => void;
  /** The form's submit: a fresh search for the trimmed texts, in place of the page load. */
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

/** A search form's query, kept in step with the address bar (back and forward show earlier searches again). */
export function useSearchQuery<Q extends TextQuery>(
  initial: Q,
  { hrefOf, parse, search }: SearchQueryOptions<Q>,
): SearchQueryState<Q> {
  const [query, setQuery] = useState<Q>(initial);

  const run = (next: Q): void => {
    setQuery(next);
    const href = hrefOf(next);
    if (href !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', href);
    void search(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    run({ ...query, searchText: query.searchText.trim(), address: query.address.trim() });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: parse and search are module functions, set once.
  useEffect(() => {
    const onPopState = (): void => {
      const { query: previous } = parse(new URLSearchParams(window.location.search));
      setQuery(previous);
      void search(previous);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return { query, setQuery, run, submit };
}
