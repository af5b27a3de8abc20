import { useStore } from '@nanostores/react';
import type { ReactElement, ReactNode } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { href, m } from '~/lib/i18n';
import { DEFAULT_SEARCH_TAB, type SearchTab, type TextQuery } from '~/lib/search/findCampaign';
import type { PagedSearch } from '~/stores/pagedSearch';
import { SortSelect, TextAndPlaceFields } from './searchFields';
import { type SearchQueryState, useSearchQuery } from './useSearchQuery';

interface Props<Q extends TextQuery & { orderBy: O }, O extends string, T extends { id: string }> {
  tab: SearchTab;
  /** The tab's search: its address (shareable, read back on back and forward) and its store. */
  search: PagedSearch<Q, T>;
  initial: Q;
  /** The form's accessible name. */
  label: string;
  placeholder: string;
  orders: readonly O[];
  orderLabels: Readonly<Record<O, string>>;
  /** Each control's share of the row from md up. */
  widths: { place: string; sort: string };
  /** Under the row: the checkboxes of a filter. */
  filter: (form: SearchQueryState<Q>) => ReactNode;
  /** The tab's own controls, between the place and the sort. */
  children: (form: SearchQueryState<Q>) => ReactNode;
}

function Form<Q extends TextQuery & { orderBy: O }, O extends string, T extends { id: string }>({
  tab,
  search,
  initial,
  label,
  placeholder,
  orders,
  orderLabels,
  widths,
  filter,
  children,
}: Props<Q, O, T>): ReactElement {
  const form = useSearchQuery(initial, {
    hrefOf: (query) => search.address.href(query),
    parse: search.address.parse,
    search: search.search,
  });
  const { query, run } = form;
  const { loading } = useStore(search.$state);
  return (
    <search aria-label={label}>
      <form
        method="get"
        action={href('/find-campaign')}
        className="flex flex-col gap-3"
        onSubmit={form.submit}
      >
        {tab !== DEFAULT_SEARCH_TAB && <input type="hidden" name="tab" value={tab} />}
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <TextAndPlaceFields form={form} placeholder={placeholder} placeClassName={widths.place} />
          {children(form)}
          <SortSelect
            orders={orders}
            labels={orderLabels}
            value={query.orderBy}
            onChange={(orderBy) => run({ ...query, orderBy })}
            className={widths.sort}
          />
          <button type="submit" className="btn-primary h-11 px-6" disabled={loading}>
            {m.search_search()}
          </button>
        </div>
        {filter(form)}
      </form>
    </search>
  );
}

/**
 * A /find-campaign tab's search form: a plain GET form without JavaScript (src/scripts/searchForm.ts
 * shortens its address and searches on a change of sort or filter); with React, it searches in place
 * (SPEC §4: a fresh search clears the results) and keeps the address shareable.
 */
export function SearchForm<Q extends TextQuery & { orderBy: O }, O extends string, T extends { id: string }>(
  props: Props<Q, O, T>,
): ReactElement {
  return (
    <IslandErrorBoundary>
      <Form {...props} />
    </IslandErrorBoundary>
  );
}
