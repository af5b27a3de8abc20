import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, type ReactNode, useId } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { IdName } from '~/lib/contracts/lookups';
import { SA_PROVINCES } from '~/lib/provinces';
import {
  $campaignSearch,
  type CampaignSearchQuery,
  FIND_CAMPAIGN_ORDER_LABELS,
  FIND_CAMPAIGN_ORDERS,
  type FindCampaignOrder,
} from '~/stores/search';
import { CategoryFilter } from './CategoryFilter';
import { useCampaignSearchQuery } from './useCampaignSearchQuery';

interface Props {
  initial: CampaignSearchQuery;
  categories: IdName[];
}

/** A control with its label above it; `className` sets its share of the row. */
function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}): ReactElement {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

function SearchForm({ initial, categories }: Props): ReactElement {
  const { query, setQuery, run } = useCampaignSearchQuery(initial);
  const { loading } = useStore($campaignSearch);
  const ids = { text: useId(), place: useId(), order: useId(), provinces: useId() };

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

  return (
    <search aria-label="Search campaigns">
      <form method="get" action="/find-campaign" className="flex flex-col gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <Labelled id={ids.text} label="Search" className="flex-1">
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
          </Labelled>
          <Labelled id={ids.place} label="Location" className="md:w-56">
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
          </Labelled>
          <Labelled id={ids.order} label="Sort by" className="md:w-44">
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
          </Labelled>
          <button type="submit" className="btn-primary h-11 px-6" disabled={loading}>
            Search
          </button>
        </div>
        <CategoryFilter
          categories={categories}
          chosen={query.campaignCategoryIds}
          onToggle={toggleCategory}
        />
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
