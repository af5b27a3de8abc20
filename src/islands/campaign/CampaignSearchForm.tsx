import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { IdName } from '~/lib/contracts/lookups';
import { SA_PROVINCES } from '~/lib/provinces';
import {
  $campaignSearch,
  type CampaignSearchQuery,
  FIND_CAMPAIGN_ORDER_LABELS,
  FIND_CAMPAIGN_ORDERS,
  type FindCampaignOrder,
  findCampaignHref,
  parseCampaignSearch,
  searchCampaigns,
} from '~/stores/search';

interface Props {
  initial: CampaignSearchQuery;
  categories: IdName[];
}

function SearchForm({ initial, categories }: Props): ReactElement {
  const [query, setQuery] = useState<CampaignSearchQuery>(initial);
  const { loading } = useStore($campaignSearch);
  const ids = { text: useId(), place: useId(), order: useId(), provinces: useId() };

  /** A fresh search for `next`, recorded in the address bar so the results can be shared. */
  const run = (next: CampaignSearchQuery): void => {
    setQuery(next);
    const href = findCampaignHref(next);
    if (href !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', href);
    void searchCampaigns(next);
  };

  // Back and forward through earlier searches show those searches again.
  useEffect(() => {
    const onPopState = (): void => {
      const { query: previous } = parseCampaignSearch(new URLSearchParams(window.location.search));
      setQuery(previous);
      void searchCampaigns(previous);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    run({ ...query, searchText: query.searchText.trim(), address: query.address.trim() });
  };

  const toggleCategory = (id: number, checked: boolean): void => {
    const chosen = new Set(query.campaignCategoryIds);
    if (checked) chosen.add(id);
    else chosen.delete(id);
    run({ ...query, campaignCategoryIds: [...chosen].sort((a, b) => a - b) });
  };

  const chosenCount = query.campaignCategoryIds.length;
  return (
    <search aria-label="Search campaigns">
      <form method="get" action="/find-campaign" className="flex flex-col gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={ids.text} className="text-sm font-semibold">
              Search
            </label>
            <input
              id={ids.text}
              type="search"
              name="searchText"
              maxLength={100}
              placeholder="Name or story, e.g. school shoes"
              value={query.searchText}
              onChange={(e) => setQuery({ ...query, searchText: e.target.value })}
              className="h-11 w-full rounded-md border border-gray-300 px-3"
            />
          </div>
          <div className="flex flex-col gap-1 md:w-56">
            <label htmlFor={ids.place} className="text-sm font-semibold">
              Location
            </label>
            <input
              id={ids.place}
              type="text"
              name="address"
              maxLength={100}
              list={ids.provinces}
              placeholder="City or province"
              value={query.address}
              onChange={(e) => setQuery({ ...query, address: e.target.value })}
              className="h-11 w-full rounded-md border border-gray-300 px-3"
            />
            <datalist id={ids.provinces}>
              {SA_PROVINCES.map((province) => (
                <option key={province} value={province} />
              ))}
            </datalist>
          </div>
          <div className="flex flex-col gap-1 md:w-44">
            <label htmlFor={ids.order} className="text-sm font-semibold">
              Sort by
            </label>
            <select
              id={ids.order}
              name="orderBy"
              value={query.orderBy}
              onChange={(e) => run({ ...query, orderBy: e.target.value as FindCampaignOrder })}
              className="h-11 w-full rounded-md border border-gray-300 bg-white px-3"
            >
              {FIND_CAMPAIGN_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {FIND_CAMPAIGN_ORDER_LABELS[order]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary h-11 px-6" disabled={loading}>
            Search
          </button>
        </div>
        <details className="rounded-md border border-gray-200 px-3 py-2" open={chosenCount > 0}>
          <summary className="cursor-pointer text-sm font-semibold">
            Categories{chosenCount > 0 ? ` (${chosenCount} chosen)` : ''}
          </summary>
          <fieldset className="mt-2">
            <legend className="sr-only">Categories</legend>
            <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    name="campaignCategoryIds"
                    value={category.id}
                    checked={query.campaignCategoryIds.includes(category.id)}
                    onChange={(e) => toggleCategory(category.id, e.target.checked)}
                    className="h-4 w-4 accent-brand"
                  />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
        </details>
      </form>
    </search>
  );
}

/**
 * The /find-campaign search form: a plain GET form without JavaScript; with it,
 * searches in place (SPEC §4: a fresh search clears the results) and keeps the address shareable.
 */
export default function CampaignSearchForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchForm {...props} />
    </IslandErrorBoundary>
  );
}
